/**
 * The part of sax (node_modules/sax, the XML reader server/excel/xlsxSheet.ts uses; the package
 * ships no types) that the import reads with: a strict parser fed text, with its events.
 */
declare module 'sax' {
  export interface Tag {
    name: string;
    attributes: Record<string, string>;
    isSelfClosing: boolean;
  }

  export interface SAXParser {
    onopentag: (tag: Tag) => void;
    onclosetag: (name: string) => void;
    ontext: (text: string) => void;
    oncdata: (text: string) => void;
    onattribute: (attribute: { name: string; value: string }) => void;
    ondoctype: (doctype: string) => void;
    onerror: (error: Error) => void;
    write(chunk: string): SAXParser;
    close(): SAXParser;
  }

  export function parser(strict: boolean, options?: { trim?: boolean; normalize?: boolean; xmlns?: boolean; position?: boolean }): SAXParser;

  const sax: { parser: typeof parser };
  export default sax;
}
