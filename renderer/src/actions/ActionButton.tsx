/** A button that runs an action: greyed while the action is disabled, its tooltip the action's label and keys. */
import { memo, type ButtonHTMLAttributes } from 'react';
import { actionSpec, type ActionId } from '../../../app/api/actions.js';
import { useSession } from '../session/state.js';
import { formatKeys } from './key-binding.js';
import { enabledIn, runAction } from './registry.js';

/** "Undo (Ctrl + Z)": what the action is, and its keys. */
export function tooltip(id: ActionId, label = actionSpec(id).label): string {
  const keys = actionSpec(id).keys;
  return keys.length ? `${label} (${formatKeys(keys)})` : label;
}

type Props = { action: ActionId; disabled?: boolean; title?: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'>;

/** Renders again only when its own props or its action's enabled state change (not with every parent render). */
export const ActionButton = memo(function ActionButton({ action, disabled, title, ...rest }: Props) {
  const enabled = useSession(enabledIn(action));
  return <button type="button" {...rest} onClick={() => runAction(action)} disabled={!enabled || disabled} title={title ?? tooltip(action)} />;
});
