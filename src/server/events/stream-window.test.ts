import { describe, expect, it } from 'vitest';
import { judgeRead, redisVersionFits, type StreamInfo } from './stream-window';

const info = (entriesAdded: number | undefined, length: number): StreamInfo => ({
  lastGeneratedId: '9-0',
  entriesAdded,
  length,
});

describe('judging a read of the stream', () => {
  it('sees a gap only when more entries are gone than the reader had read', () => {
    // Read 5 of 10; the first 5 trimmed: nothing missed. The first 6 trimmed: entry 6 was missed.
    expect(judgeRead({ id: '5-0', count: 5 }, info(10, 5), false, 5)).toEqual({ gap: false, count: 10 });
    expect(judgeRead({ id: '5-0', count: 5 }, info(10, 4), false, 4)).toEqual({ gap: true, count: 10 });
  });

  it('sees a stream that began again (Redis lost its data) as a gap', () => {
    expect(judgeRead({ id: '5-0', count: 5 }, null, false, 0)).toEqual({ gap: true, count: 0 });
    expect(judgeRead({ id: '5-0', count: 5 }, info(1, 1), false, 1)).toEqual({ gap: true, count: 1 });
    expect(judgeRead({ id: '5-0', count: 5 }, info(6, 6), false, 1).gap).toBe(true);
  });

  it('before Redis 7, goes by whether the entry last read is still there', () => {
    expect(judgeRead({ id: '5-0', count: undefined }, info(undefined, 3), true, 1).gap).toBe(false);
    expect(judgeRead({ id: '5-0', count: undefined }, info(undefined, 3), false, 1).gap).toBe(true);
    expect(judgeRead({ id: '0-0', count: undefined }, info(undefined, 3), false, 1).gap).toBe(false);
  });
});

describe('the Redis version', () => {
  it('must be 6.2 or later (XADD MINID)', () => {
    expect(redisVersionFits('# Server\r\nredis_version:7.0.15\r\n')).toBe(true);
    expect(redisVersionFits('redis_version:6.2.0\r\n')).toBe(true);
    expect(redisVersionFits('redis_version:6.0.16\r\n')).toBe(false);
    expect(redisVersionFits('redis_version:5.0.7\r\n')).toBe(false);
  });
});
