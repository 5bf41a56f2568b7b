import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadingErrorScreen } from './status-screens.tsx';

/** SPEC §8: anything that throws while rendering replaces the page with "Loading Error". */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error('The app failed to render', error, info.componentStack);
    else console.error('The app failed to render', error instanceof Error ? error.message : error);
  }

  override render() {
    return this.state.failed ? <LoadingErrorScreen /> : this.props.children;
  }
}
