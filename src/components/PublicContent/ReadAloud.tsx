/**
 * 朗读 (an 适老化 aid of the detail pages): reads the article with the browser's speechSynthesis in
 * Chinese (zh-CN), and becomes 停止 while it speaks. Browsers without speech get no button.
 */
import { useEffect, useRef, useState } from 'react';
import { Icon } from './icons/Icon';
import PAUSE_CIRCLE_ICON from './icons/pause-circle';
import SOUND_ICON from './icons/sound';
import { speechChunks, speechSupported } from './speech';
import controls from './controls.less';

interface ReadAloudProps {
  /** The text to read, asked for at the moment the button is pressed. */
  getText: () => string;
  /** Reading stops when this changes (the next article opened in the same page). */
  resetKey?: string;
}

function chineseVoice(synth: SpeechSynthesis): SpeechSynthesisVoice | undefined {
  const voices = synth.getVoices();
  const lang = (v: SpeechSynthesisVoice) => v.lang.replace('_', '-').toLowerCase();
  return voices.find((v) => lang(v) === 'zh-cn') ?? voices.find((v) => lang(v).startsWith('zh'));
}

export default function ReadAloud({ getText, resetKey }: ReadAloudProps) {
  const [speaking, setSpeaking] = useState(false);
  // Events of an earlier, cancelled reading must not end the current one.
  const session = useRef(0);
  const supported = speechSupported();

  useEffect(() => {
    if (!supported) return undefined;
    return () => {
      session.current += 1;
      window.speechSynthesis?.cancel();
      setSpeaking(false);
    };
  }, [supported, resetKey]);

  if (!supported) return null;

  const stop = () => {
    session.current += 1;
    window.speechSynthesis.cancel();
    setSpeaking(false);
  };

  const start = () => {
    const synth = window.speechSynthesis;
    session.current += 1;
    const mine = session.current;
    synth.cancel();
    const chunks = speechChunks(getText());
    if (chunks.length === 0) return;
    const voice = chineseVoice(synth);
    const done = () => {
      if (session.current === mine) setSpeaking(false);
    };
    chunks.forEach((text, index) => {
      const utterance = new window.SpeechSynthesisUtterance(text);
      utterance.lang = 'zh-CN';
      if (voice) utterance.voice = voice;
      if (index === chunks.length - 1) utterance.onend = done;
      utterance.onerror = done;
      synth.speak(utterance);
    });
    setSpeaking(true);
  };

  return (
    <button type="button" className={controls.button} onClick={speaking ? stop : start} aria-label={speaking ? '停止朗读' : '朗读全文'}>
      <Icon shape={speaking ? PAUSE_CIRCLE_ICON : SOUND_ICON} />
      {speaking ? '停止' : '朗读'}
    </button>
  );
}
