/** A modal dialog on the native <dialog> element: focus stays inside, Esc closes, the opener gets focus back. */
import { useEffect, useRef, type ReactNode } from 'react';

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
    if (!d.open) d.showModal();
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    d.addEventListener('cancel', onCancel);
    return () => {
      d.removeEventListener('cancel', onCancel);
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
