/** Props of <RichTextEditor/>: an antd Form field whose value is HTML. */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Height of the editing area in px. */
  height?: number;
  disabled?: boolean;
  /** Set by Form.Item, so that the label points at the editor. */
  id?: string;
}
