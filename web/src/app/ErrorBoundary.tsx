// Last line of defence: a rendering error shows a message and a way out, never a blank page.
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="app" role="alert">
        <h1>Bottleneck Lab</h1>
        <p>Something went wrong while showing this page: {this.state.error.message}</p>
        <p>
          <a href={location.pathname}>Start over with the default scenario</a>
        </p>
      </div>
    );
  }
}
