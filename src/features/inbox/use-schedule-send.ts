import { useState } from 'react';
import type { ScheduleBody, SendTemplate } from '@/contract';
import { errorText } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import { scheduleFieldError, useScheduleMessage } from './api/scheduled';
import { scheduledForText } from './scheduled/schedule-presets';

// What the composer does to schedule: the draft (cleared only once the BFF has it) or a template
// (whose time is picked after it is filled in). A refusal of the time goes back to the time field
// when the person typed one; any other refusal stays on the composer, beside the kept draft.

type Content = Omit<ScheduleBody, 'sendAt'>;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function useScheduleSend(conversationId: string) {
  const mutation = useScheduleMessage(conversationId);
  const [error, setError] = useState<string | null>(null);
  /** A filled template waiting for its time. */
  const [template, setTemplate] = useState<SendTemplate | null>(null);

  const schedule = async (
    content: Content,
    sendAt: Date,
    from: 'preset' | 'field',
    onDone: () => void,
  ): Promise<string | null> => {
    setError(null);
    try {
      const answer = await mutation.mutateAsync({ ...content, sendAt: sendAt.toISOString() });
      onDone();
      notify.success(scheduledForText(answer.sendAt, new Date()));
      return null;
    } catch (failure) {
      const onTime = scheduleFieldError(failure, 'sendAt');
      if (from === 'field' && onTime) return onTime;
      const onText = scheduleFieldError(failure, 'text');
      const onTemplate = scheduleFieldError(failure, 'template');
      // The server's field lines name their field; said here as what the person picked or wrote.
      const said = onTime
        ? `the time ${lowerFirst(onTime)}`
        : onText
          ? `the text ${lowerFirst(onText)}`
          : onTemplate
            ? `the template ${lowerFirst(onTemplate)}`
            : errorText(failure);
      setError(`Not scheduled: ${said}`);
      // The dialog closes; the reason stays on the composer.
      return null;
    }
  };

  return {
    busy: mutation.isPending,
    error,
    clearError: () => setError(null),
    template,
    /** Holds a filled template and asks for its time. */
    pickTime: (next: SendTemplate) => setTemplate(next),
    dropTemplate: () => setTemplate(null),
    scheduleText: (
      text: string,
      replyTo: string | undefined,
      sendAt: Date,
      from: 'preset' | 'field',
      onDone: () => void,
    ) => schedule({ text, ...(replyTo ? { replyTo } : {}) }, sendAt, from, onDone),
    scheduleTemplate: (sendAt: Date, from: 'preset' | 'field') =>
      template
        ? schedule({ template: { ...template } }, sendAt, from, () => setTemplate(null))
        : Promise.resolve(null),
  };
}
