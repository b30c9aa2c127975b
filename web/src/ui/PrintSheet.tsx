// A sheet laid over the page for printing (a run's summary, a lesson's hand-in): Print and Close on
// screen; on paper the only thing printed (printSheet.css).
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './printSheet.css';

export function PrintSheet({
  label,
  testId,
  onClose,
  children,
}: {
  label: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return createPortal(
    <div className="print-sheet" role="dialog" aria-label={label} data-testid={testId}>
      <div className="print-tools">
        <button type="button" className="primary" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </div>,
    document.body,
  );
}
