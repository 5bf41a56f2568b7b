import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonVariants } from '../../components/ui/button-variants.ts';

interface State {
  failed: boolean;
}

/**
 * A page chunk that cannot be downloaded (offline, or a new release replaced it) shows the SPEC's
 * loading error with a Reload Page button, inside the shell, instead of a blank page.
 * `resetKey` (the pathname) lets the next navigation try again.
 */
export class PageErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, State & { key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: State & { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed to load', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-brand-900">Loading Error</h1>
        <p className="mt-3 text-ink-muted">Something went wrong while loading the application.</p>
        <button type="button" className={buttonVariants({ className: 'mt-6' })} onClick={() => window.location.reload()}>
          Reload Page
        </button>
      </div>
    );
  }
}
