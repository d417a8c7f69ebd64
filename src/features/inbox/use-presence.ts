import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_TTL_MS } from '@/contract';
import { presenceQuery, tellPresence, type Presence } from '@/data/presence';
import { meQuery } from '@/data/session';

/** How long after the last keystroke someone still counts as typing. */
export const TYPING_IDLE_MS = 4_000;

/**
 * Tells the team this tab has the thread open (again every heartbeat, and at once when typing
 * starts or stops); leaving the thread says so.
 */
export function usePresenceBeacon(conversationId: string, typing: boolean): void {
  const typingRef = useRef(typing);
  typingRef.current = typing;
  useEffect(() => {
    const tell = () => void tellPresence({ conversationId, typing: typingRef.current });
    tell();
    const timer = setInterval(tell, PRESENCE_HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
      void tellPresence({ conversationId: null, typing: false });
    };
  }, [conversationId]);
  const first = useRef(true);
  useEffect(() => {
    // The open effect above already told the first state.
    if (first.current) {
      first.current = false;
      return;
    }
    void tellPresence({ conversationId, typing });
  }, [typing, conversationId]);
}

/** True while the text changes, until TYPING_IDLE_MS after the last change. */
export function useTypingFlag(text: string): boolean {
  const [typing, setTyping] = useState(false);
  const last = useRef(text);
  useEffect(() => {
    if (text === last.current) return;
    last.current = text;
    if (text.trim() === '') {
      setTyping(false);
      return;
    }
    setTyping(true);
    const timer = setTimeout(() => setTyping(false), TYPING_IDLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return typing;
}

/** Teammates (not me) who have this thread open now, and whether each is typing. */
export function useTeammatesIn(conversationId: string): Presence[] {
  const { data: all } = useQuery(presenceQuery());
  const me = useQuery(meQuery()).data?.id;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const viewers = Object.values(all)
    .filter(
      (p) => p.username !== me && p.conversationId === conversationId && now - p.heardAt < PRESENCE_TTL_MS,
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  // The same array while the same teammates are in: the thread's header and typing line are
  // memoised on it, and this runs on every tick of the clock above.
  const last = useRef(viewers);
  if (viewers.length !== last.current.length || viewers.some((p, i) => p !== last.current[i]))
    last.current = viewers;
  return last.current;
}
