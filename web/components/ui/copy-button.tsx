import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '#web/components/button/button.tsx';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'value'> {
  value: string;
  /** The button text, e.g. "Copy". */
  label: string;
  /** Shown (and announced) for a moment after a successful copy. */
  copiedLabel: string;
  /** Announced when the clipboard refused the write. */
  failedLabel: string;
}

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins: a hidden textarea and the legacy command.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** Copies `value`; the result is announced through a polite live region. */
export function CopyButton({ value, label, copiedLabel, failedLabel, variant = 'service', ...rest }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await writeClipboard(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), 2000);
  };

  return (
    <>
      <Button variant={variant} onClick={() => void copy()} {...rest}>
        {state === 'copied' ? copiedLabel : label}
      </Button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {state === 'copied' ? copiedLabel : state === 'failed' ? failedLabel : ''}
      </span>
    </>
  );
}
