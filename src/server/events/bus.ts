import type { LiveEvent } from '../../contract/events';

// The bus carries every change to every BFF instance: the sync (or a write through the proxy)
// publishes, each instance's read model applies, and each open stream forwards. In memory for one
// instance (memory-bus.ts), through Redis for several. Ids are opaque strings, ordered within one
// bus; a stream resumes after one with `replayAfter`.

/** An event as the bus carries it. */
export interface BusEvent {
  readonly id: string;
  readonly event: LiveEvent;
  /** Usernames of the BFF's users who may receive it; absent: everyone signed in. Never sent to a
   *  browser: the stream filters on it. */
  readonly audience?: readonly string[];
}

export interface PublishInput {
  readonly event: LiveEvent;
  readonly audience?: readonly string[];
}

/** What a resuming stream gets: the events it missed, or `gap` when they are no longer kept (or the
 *  id is not one of this bus's), so the client must refetch what it shows. */
export type Replay =
  { readonly kind: 'events'; readonly events: readonly BusEvent[] } | { readonly kind: 'gap' };

export interface EventBus {
  /** Appends events in order and returns them with their ids. */
  publish(inputs: readonly PublishInput[]): Promise<readonly BusEvent[]>;
  /** Every event published from now on, on any instance, in bus order. Returns the unsubscribe. */
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** The events after `lastId`, in order, or `gap`. */
  replayAfter(lastId: string): Promise<Replay>;
  /** The newest event's id, or null before the first: a new stream starts after it. */
  lastId(): Promise<string | null>;
  close(): Promise<void>;
}
