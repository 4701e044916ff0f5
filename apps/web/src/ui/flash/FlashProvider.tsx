import { Alert, Snackbar } from '@mui/material';
import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { FLASH_DURATION_MS } from '@roadcount/domain';
import { dismiss, enqueue, type FlashInput, type FlashMessage } from './flashQueue.ts';

export const FlashContext = createContext<(input: FlashInput) => void>(() => undefined);

interface Props {
  children: ReactNode;
}

/** SPEC section 4: flash messages queue and show one at a time, closing after 5 seconds. */
export function FlashProvider({ children }: Props) {
  const [queue, setQueue] = useState<FlashMessage[]>([]);
  const flash = useCallback(
    (input: FlashInput) => setQueue((current) => enqueue(current, input)),
    [],
  );
  const current = queue[0];
  const close = useMemo(
    () => (current ? () => setQueue((items) => dismiss(items, current.id)) : () => undefined),
    [current],
  );
  return (
    <FlashContext.Provider value={flash}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open
          autoHideDuration={FLASH_DURATION_MS}
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') close();
          }}
          anchorOrigin={current.position}
        >
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={close}
            sx={{ width: '100%' }}
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </FlashContext.Provider>
  );
}
