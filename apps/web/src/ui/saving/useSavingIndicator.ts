import { useCallback, useEffect, useRef, useState } from 'react';
import { SAVING_CLEAR_DELAY_MS, SAVING_SUCCESS_DELAY_MS } from '@roadcount/domain';

export type SavingState = 'idle' | 'saving' | 'saved';

export interface SavingIndicator {
  state: SavingState;
  /** Shows the request as saving until it and every other tracked request settle. */
  track: <T>(request: Promise<T>) => Promise<T>;
}

/**
 * SPEC section 4: 'saving' while any tracked request is pending; 600 ms after the last one
 * succeeds 'saved'; 500 ms later it clears. A failure clears it at once (the caller shows why).
 */
export function useSavingIndicator(): SavingIndicator {
  const [state, setState] = useState<SavingState>('idle');
  const pendingCount = useRef(0);
  const failedSinceIdle = useRef(false);
  const timers = useRef<number[]>([]);

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  }, []);

  useEffect(() => clearTimers, [clearTimers]);

  const track = useCallback(
    <T>(request: Promise<T>): Promise<T> => {
      clearTimers();
      if (pendingCount.current === 0) failedSinceIdle.current = false;
      pendingCount.current += 1;
      setState('saving');
      const settle = (succeeded: boolean) => {
        pendingCount.current -= 1;
        if (!succeeded) failedSinceIdle.current = true;
        if (pendingCount.current > 0) return;
        if (failedSinceIdle.current) {
          setState('idle');
          return;
        }
        timers.current.push(
          window.setTimeout(() => {
            setState('saved');
            timers.current.push(window.setTimeout(() => setState('idle'), SAVING_CLEAR_DELAY_MS));
          }, SAVING_SUCCESS_DELAY_MS),
        );
      };
      request.then(
        () => settle(true),
        () => settle(false),
      );
      return request;
    },
    [clearTimers],
  );

  return { state, track };
}
