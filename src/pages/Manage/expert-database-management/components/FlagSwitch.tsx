/**
 * A yes/no of an expert in a list row (官网公开, 启用), like the list pages' EnabledSwitch but
 * with the words of each flag: a switch for those allowed to change it (it acts at once,
 * says what happened and reloads the list), a plain tag for the others.
 */
import { App, Switch, Tag } from 'antd';
import { useState } from 'react';

export interface FlagSwitchProps {
  checked: boolean;
  editable: boolean;
  /** The two states: ['公开', '不公开'], ['启用', '停用']. */
  words: readonly [on: string, off: string];
  /** What it is, for the screen reader: 专家「…」官网公开. */
  label: string;
  onToggle: (next: boolean) => Promise<unknown>;
  /** The toast after a change. */
  doneMessage: (next: boolean) => string;
  onDone: () => void;
}

export default function FlagSwitch({ checked, editable, words, label, onToggle, doneMessage, onDone }: FlagSwitchProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [on, off] = words;
  if (!editable) return checked ? <Tag color="green">{on}</Tag> : <Tag>{off}</Tag>;
  return (
    <Switch
      checked={checked}
      loading={busy}
      checkedChildren={on}
      unCheckedChildren={off}
      aria-label={`${label}：${checked ? on : off}`}
      onChange={async (next) => {
        setBusy(true);
        try {
          await onToggle(next);
          message.success(doneMessage(next));
          onDone();
        } catch {
          // Shown by the request layer.
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
