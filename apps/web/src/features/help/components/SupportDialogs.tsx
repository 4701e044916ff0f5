import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useProfile } from '@/lib/profile.ts';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import { SubscriptionDialog } from './SubscriptionDialog.tsx';

type OpenDialog = 'feedback' | 'subscription' | null;

interface SupportDialogs {
  /** False for the demo account (SPEC sections 2 and 6) and until the profile is known. */
  available: boolean;
  openFeedback: () => void;
  openSubscription: () => void;
}

const SupportDialogsContext = createContext<SupportDialogs>({
  available: false,
  openFeedback: () => undefined,
  openSubscription: () => undefined,
});

export function useSupportDialogs() {
  return useContext(SupportDialogsContext);
}

/** The global feedback and subscription-enquiry dialogs of the signed-in area. */
export function SupportDialogsProvider({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const [open, setOpen] = useState<OpenDialog>(null);
  const available = profile.data !== undefined && !profile.data.is_demo;
  const value = useMemo(
    () => ({
      available,
      openFeedback: () => setOpen('feedback'),
      openSubscription: () => setOpen('subscription'),
    }),
    [available],
  );
  return (
    <SupportDialogsContext.Provider value={value}>
      {children}
      {available && profile.data && (
        <>
          <FeedbackDialog
            open={open === 'feedback'}
            profile={profile.data}
            onClose={() => setOpen(null)}
          />
          <SubscriptionDialog
            open={open === 'subscription'}
            profile={profile.data}
            onClose={() => setOpen(null)}
          />
        </>
      )}
    </SupportDialogsContext.Provider>
  );
}
