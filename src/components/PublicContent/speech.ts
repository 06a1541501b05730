/**
 * Text for the 朗读 control, cut into pieces the browser's speechSynthesis reads reliably
 * (Chrome stops long utterances after about 15 s): whole sentences, at most `max` characters.
 */
export function speechChunks(text: string, max = 160): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  const sentences = clean.match(/[^。！？!?；;]+[。！？!?；;]*/g) ?? [clean];
  const chunks: string[] = [];
  let buffer = '';
  for (const raw of sentences) {
    const sentence = raw.trim();
    if (!sentence) continue;
    if (buffer && buffer.length + sentence.length > max) {
      chunks.push(buffer);
      buffer = '';
    }
    if (sentence.length > max) {
      for (let i = 0; i < sentence.length; i += max) chunks.push(sentence.slice(i, i + max));
    } else {
      buffer += sentence;
    }
  }
  if (buffer) chunks.push(buffer);
  return chunks;
}

export function speechSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.speechSynthesis?.speak === 'function' &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}
