// 001 §4 "Audio recording": recordings are sent as MP3 at 128 kbps. The browser records in its own
// format (MediaRecorder); the recording is decoded to PCM and encoded with lamejs, in 1152-sample frames.
import { Mp3Encoder } from '@breezystack/lamejs';

import { RECORDING_KBPS } from '@funil/domain/whatsapp-api/media-picker';

const FRAME = 1152;

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** Mono PCM → MP3 bytes at 128 kbps. */
export function encodeMp3(samples: Float32Array, sampleRate: number): Blob {
  const encoder = new Mp3Encoder(1, sampleRate, RECORDING_KBPS);
  const pcm = toInt16(samples);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + FRAME));
    if (chunk.length > 0) parts.push(new Uint8Array(chunk));
  }
  const end = encoder.flush();
  if (end.length > 0) parts.push(new Uint8Array(end));
  return new Blob(parts as BlobPart[], { type: 'audio/mpeg' });
}

/** A recorded blob (webm/ogg) → MP3, through the browser's decoder; mixes down to mono. */
export async function recordingToMp3(recording: Blob): Promise<{ mp3: Blob; seconds: number }> {
  const context = new AudioContext();
  try {
    const buffer = await context.decodeAudioData(await recording.arrayBuffer());
    const mono = new Float32Array(buffer.length);
    for (let c = 0; c < buffer.numberOfChannels; c += 1) {
      const channel = buffer.getChannelData(c);
      for (let i = 0; i < buffer.length; i += 1) mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / buffer.numberOfChannels;
    }
    return { mp3: encodeMp3(mono, buffer.sampleRate), seconds: buffer.duration };
  } finally {
    void context.close();
  }
}
