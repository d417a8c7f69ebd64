import type { MessageType } from '../../src/contract/conversations';
import type { Rng } from '../core/rng';
import { PLACES, POLLS, REACTIONS } from './seed-text';
import type { MessageRec } from './state';

// decisions.md's media shape; the types the spec lists beyond it add their own keys.
const CDN = 'https://cdn.chatdesk.test/media';

export interface Content {
  text: string | null;
  media: MessageRec['media'];
}

export function seededContent(
  type: MessageType,
  rng: Rng,
  opts: { previousId: string | null; sample: string; contactPhone: string },
): Content {
  const n = rng.int(1000, 9999);
  switch (type) {
    case 'image':
      return {
        text: rng.chance(0.5) ? 'Here is a photo' : null,
        media: {
          url: `${CDN}/IMG_${n}.jpg`,
          mime_type: 'image/jpeg',
          file_name: `IMG_${n}.jpg`,
          width: 1280,
          height: 960,
        },
      };
    case 'video':
      return {
        text: rng.chance(0.5) ? 'Short video of the issue' : null,
        media: {
          url: `${CDN}/VID_${n}.mp4`,
          mime_type: 'video/mp4',
          file_name: `VID_${n}.mp4`,
          duration_seconds: rng.int(4, 90),
        },
      };
    case 'audio':
      return {
        text: null,
        media: {
          url: `${CDN}/PTT_${n}.ogg`,
          mime_type: 'audio/ogg; codecs=opus',
          duration_seconds: rng.int(3, 120),
          voice: true,
        },
      };
    case 'document':
      return {
        text: rng.chance(0.5) ? 'The document we discussed' : null,
        media: {
          url: `${CDN}/Quote-${n}.pdf`,
          mime_type: 'application/pdf',
          file_name: `Quote-${n}.pdf`,
          size_bytes: rng.int(20_000, 2_000_000),
        },
      };
    case 'sticker':
      return {
        text: null,
        media: { url: `${CDN}/sticker_${n}.webp`, mime_type: 'image/webp', animated: rng.chance(0.3) },
      };
    case 'location': {
      const place = rng.pick(PLACES);
      return {
        text: place.name,
        media: {
          latitude: place.latitude,
          longitude: place.longitude,
          name: place.name,
          address: place.address,
          url: `https://maps.google.com/?q=${place.latitude},${place.longitude}`,
        },
      };
    }
    case 'contact': {
      const name = rng.pick(['Rita Gomes', 'Paul Becker', 'Aisha Bello']);
      const phone = opts.contactPhone;
      return {
        text: name,
        media: {
          name,
          phone,
          vcard: `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL:+${phone}\nEND:VCARD`,
        },
      };
    }
    case 'poll': {
      const poll = rng.pick(POLLS);
      return {
        text: poll.question,
        media: { question: poll.question, options: [...poll.options], allow_multiple: false },
      };
    }
    case 'reaction': {
      const emoji = rng.pick(REACTIONS);
      return { text: emoji, media: { emoji, reacted_to: opts.previousId } };
    }
    case 'template':
    case 'text':
      return { text: opts.sample, media: null };
  }
}
