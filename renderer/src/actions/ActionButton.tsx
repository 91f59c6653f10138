/** A button that runs an action: greyed while the action is disabled, its tooltip the action's label and keys. */
import type { ButtonHTMLAttributes } from 'react';
import { actionSpec, type ActionId } from '../../../app/api/actions.js';
import { useSession } from '../session/state.js';
import { formatKeys } from './key-binding.js';
import { enabledIn, runAction } from './registry.js';

/** "Undo (Ctrl + Z)": what the action is, and its keys. */
export function tooltip(id: ActionId, label = actionSpec(id).label): string {
  const keys = actionSpec(id).keys;
  return keys.length ? `${label} (${formatKeys(keys)})` : label;
}

export function ActionButton({
  action,
  disabled,
  title,
  ...rest
}: { action: ActionId; disabled?: boolean; title?: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'>) {
  const enabled = useSession(enabledIn(action));
  return <button type="button" {...rest} onClick={() => runAction(action)} disabled={!enabled || disabled} title={title ?? tooltip(action)} />;
}
