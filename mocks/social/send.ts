import { parseTemplateParams, type SendMessageBody, type SendMedia } from '../../src/contract/conversations';
import { APPROVED } from '../../src/contract/templates';
import { badRequest, notFound } from '../core/errors';
import type { RouteContext, RouteResult } from '../core/types';
import { findThreadByExternalId, getChannel, getThread } from './lookup';
import { renderTemplate, templateParamCount } from './seed-channels';
import { startThread } from './start-thread';
import type { ChannelRec, TemplateRec, Thread } from './state';
import { OUTSIDE_WINDOW, channelOf, queueOutbound, windowOpen, type OutboundContent } from './thread-ops';

interface TemplateChoice {
  templateName: string;
  templateLanguage: string | undefined;
  templateParams: string[];
}

/** decisions.md: a `template` object wins over the flat aliases. */
function templateOf(body: SendMessageBody): TemplateChoice | null {
  if (body.template) return { ...body.template, templateParams: body.template.templateParams ?? [] };
  if (body.templateName === undefined) return null;
  return {
    templateName: body.templateName,
    templateLanguage: body.templateLanguage,
    templateParams: parseTemplateParams(body.templateParams),
  };
}

function findTemplate(
  templates: readonly TemplateRec[],
  channel: ChannelRec,
  choice: TemplateChoice,
): TemplateRec {
  const named = templates.filter((t) => t.channel_id === channel.id && t.name === choice.templateName);
  const lang = choice.templateLanguage;
  // Without a language, a name with exactly one translation is unambiguous.
  const found =
    lang === undefined ? (named.length === 1 ? named[0] : undefined) : named.find((t) => t.language === lang);
  if (lang === undefined && named.length > 1)
    throw badRequest(['templateLanguage is required: the template exists in several languages']);
  if (!found) {
    throw badRequest(
      `Template ${choice.templateName}${lang ? ` (${lang})` : ''} does not exist on this channel`,
    );
  }
  if (found.status !== APPROVED) {
    throw badRequest(
      `Template ${found.name} is not approved (status ${found.status}): only APPROVED templates can be sent`,
    );
  }
  const expected = templateParamCount(found);
  if (choice.templateParams.length !== expected) {
    throw badRequest([
      `templateParams must have ${expected} item${expected === 1 ? '' : 's'}: template ${found.name} has ${expected} parameter${expected === 1 ? '' : 's'}, got ${choice.templateParams.length}`,
    ]);
  }
  return found;
}

function mediaType(media: SendMedia): OutboundContent['type'] {
  if (media.latitude !== undefined && media.longitude !== undefined) return 'location';
  const mime = media.mime_type ?? '';
  if (mime === 'image/webp' && /sticker/i.test(media.file_name ?? '')) return 'sticker';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

/** Precedence template > media > text; every check runs before a new thread is created. */
function contentFor(
  ctx: RouteContext<'conversations.send'>,
  channel: ChannelRec,
  thread: Thread | null,
): OutboundContent {
  const body = ctx.body;
  const choice = templateOf(body);
  if (choice) {
    if (channel.platform !== 'whatsapp') {
      throw badRequest(`Templates exist only on WhatsApp channels: this is a ${channel.platform} channel`);
    }
    const template = findTemplate(ctx.ws.social.templates, channel, choice);
    return {
      type: 'template',
      text: renderTemplate(template, choice.templateParams),
      media: null,
      extra: {
        template_name: template.name,
        template_language: template.language,
        template_params: choice.templateParams,
      },
    };
  }
  if (!windowOpen(channel, thread, ctx.now)) throw badRequest(OUTSIDE_WINDOW);
  if (body.media) {
    const { caption, ...rest } = body.media;
    return {
      type: mediaType(body.media),
      text: caption ?? null,
      media: { ...rest, caption: caption ?? null },
    };
  }
  return { type: 'text', text: body.text ?? '', media: null };
}

export function sendMessage(ctx: RouteContext<'conversations.send'>): RouteResult {
  const { ws, body, now, state } = ctx;
  let thread: Thread | null = null;
  let channel: ChannelRec;
  if (body.conversationId !== undefined) {
    thread = getThread(ws, body.conversationId);
    const found = channelOf(ws.social, thread);
    if (!found) throw notFound('Channel');
    channel = found;
  } else {
    channel = getChannel(ws, body.channelId!);
    thread = findThreadByExternalId(ws, channel.id, body.to!) ?? null;
  }
  const content = contentFor(ctx, channel, thread);
  thread ??= startThread(ws, channel, body.to!, body.contactName ?? null, now, state.rng);
  if (body.contactName && !thread.meta.contactName) thread.meta.contactName = body.contactName;
  return { body: queueOutbound(ws, thread, content, now, state.rng) };
}
