/**
 * A modal dialog on the native <dialog> element: it opens with focus on its first field (or the control marked
 * data-autofocus, else its main button; never the × that closes it), Tab and Shift+Tab stay inside, Esc closes, the
 * opener gets focus back.
 */
import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Where focus goes when the dialog opens. */
function firstFocus(d: HTMLElement): HTMLElement | null {
  return (
    d.querySelector<HTMLElement>('[data-autofocus]') ??
    d.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])') ??
    d.querySelector<HTMLElement>('button.primary:not([disabled])') ??
    [...d.querySelectorAll<HTMLElement>(FOCUSABLE)].find((el) => !el.classList.contains('icon')) ??
    null
  );
}

/** Keeps Tab inside the dialog: from the last control to the first, Shift+Tab from the first to the last. */
function trapTab(d: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const all = [...d.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
  if (all.length === 0) return;
  const first = all[0] as HTMLElement;
  const last = all[all.length - 1] as HTMLElement;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !d.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !d.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

export function Dialog({
  title,
  onClose,
  children,
  wide,
  testId,
  className,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) {
      d.showModal();
      // A field that took focus as it mounted (autoFocus) keeps it; showModal would have moved it to the ×.
      const mounted = opener && d.contains(opener) ? opener : null;
      (mounted ?? firstFocus(d))?.focus();
    }
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    const onKey = (e: KeyboardEvent) => trapTab(d, e);
    d.addEventListener('cancel', onCancel);
    d.addEventListener('keydown', onKey);
    return () => {
      d.removeEventListener('cancel', onCancel);
      d.removeEventListener('keydown', onKey);
      if (d.open) d.close();
      opener?.focus?.();
    };
  }, [onClose]);
  return (
    <dialog ref={ref} className={`dialog${wide ? ' wide' : ''}${className ? ` ${className}` : ''}`} aria-labelledby="dialog-title" data-testid={testId}>
      <header className="dialog-head">
        <h2 id="dialog-title">{title}</h2>
        <button type="button" className="icon" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
