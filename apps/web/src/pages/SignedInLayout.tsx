import { FeedbackButton } from '@/features/help/components/FeedbackButton.tsx';
import {
  SupportDialogsProvider,
  useSupportDialogs,
} from '@/features/help/components/SupportDialogs.tsx';
import { OrganisationViewBanner } from '@/features/orgView/components/OrganisationViewBanner.tsx';
import { SessionEffects } from '@/features/session/SessionEffects.tsx';
import { AppLayout } from '@/features/shell/components/AppLayout.tsx';
import { TourProvider } from '@/features/tour/components/TourProvider.tsx';

function ToursAndLayout() {
  const { available } = useSupportDialogs();
  return (
    <TourProvider canSendFeedback={available}>
      <AppLayout
        topBarActions={<FeedbackButton />}
        banner={<OrganisationViewBanner />}
        effects={<SessionEffects />}
      />
    </TourProvider>
  );
}

/**
 * The /ui area: the shell's layout with what other features put in it, the feedback and
 * subscription dialogs and the guided tour around every screen.
 */
export function SignedInLayout() {
  return (
    <SupportDialogsProvider>
      <ToursAndLayout />
    </SupportDialogsProvider>
  );
}
