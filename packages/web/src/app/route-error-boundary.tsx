import { Component, type ReactNode } from "react";
import { RouteError } from "./route-error.js";

interface Props {
  /** Changes with the location, so moving elsewhere clears a failed screen. */
  readonly resetKey: string;
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
  readonly key: string;
}

/** A screen that failed to load or render (typically its chunk lost to a bad connection): offer a retry. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
