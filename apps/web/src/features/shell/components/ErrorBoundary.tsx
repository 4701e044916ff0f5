import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/reportError.ts';
import { ErrorPage } from './ErrorPage.tsx';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** An uncaught rendering error shows the error page and is reported (SPEC section 2). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
