import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message } from '@/contract';
import { MessageContent } from './message-content';

const message = (type: Message['type'], media: Record<string, unknown> | null, text: string | null = null) =>
  ({
    id: 'm1',
    conversation_id: 'c1',
    direction: 'inbound',
    type,
    text,
    media,
    status: 'delivered',
    sender_name: 'Sofia',
    from_me: false,
    platform_message_id: 'x',
    created_at: '2025-01-01T10:00:00Z',
  }) as Message;

const URL_OK = 'https://cdn.chatdesk.test/photo.jpg';

describe('media that does not load', () => {
  it('replaces a broken image with a placeholder naming the type and file, with a link to open it', () => {
    render(
      <MessageContent message={message('image', { url: URL_OK, file_name: 'photo.jpg' }, 'Our shop')} />,
    );
    const img = screen.getByRole('img', { name: 'Our shop' });
    fireEvent.error(img);
    expect(screen.queryByRole('img', { name: 'Our shop' })).not.toBeInTheDocument();
    expect(screen.getByText('Image')).toBeInTheDocument();
    expect(screen.getByText('photo.jpg')).toBeInTheDocument();
    expect(screen.getByText('It could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open image' })).toHaveAttribute('href', URL_OK);
    // The caption stays.
    expect(screen.getByText('Our shop')).toBeInTheDocument();
  });

  it.each([
    ['video', 'Video', 'Open video'],
    ['audio', 'Voice message', 'Open voice message'],
  ] as const)('does the same for a %s', (type, name, link) => {
    const { container } = render(<MessageContent message={message(type, { url: URL_OK })} />);
    fireEvent.error(container.querySelector(type)!);
    expect(screen.getByText(name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', URL_OK);
  });

  it('offers no link for an unsafe URL', () => {
    render(<MessageContent message={message('image', { url: 'javascript:alert(1)', file_name: 'x.png' })} />);
    expect(screen.getByText('No safe link to it.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a document as a card: type, file name in its real order, and a link', () => {
    render(
      <MessageContent message={message('document', { url: URL_OK, file_name: 'invoice\u202Efdp.exe' })} />,
    );
    expect(screen.getByText('invoicefdp.exe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open document' })).toHaveAttribute('href', URL_OK);
  });
});
