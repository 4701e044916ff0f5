import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/requestErrors.ts';

/**
 * A form that asks for confirmation before it sends: submitting a valid form opens the
 * confirmation; confirming runs the request, shows its error, and closes the confirmation.
 * `onFailure` may claim an error for a field; otherwise its message is shown.
 */
export function useConfirmedSubmit(options: {
  valid: boolean;
  run: () => Promise<void>;
  onFailure?: (failure: unknown) => boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!options.valid) return;
    setError(null);
    setConfirming(true);
  };

  const confirm = async () => {
    try {
      await options.run();
    } catch (failure) {
      if (!options.onFailure?.(failure)) setError(errorMessage(failure));
    } finally {
      setConfirming(false);
    }
  };

  return {
    confirming,
    error,
    submit,
    confirm: () => void confirm(),
    cancel: () => setConfirming(false),
  };
}
