//! The page's sound: Web Audio, on the page's one thread. The same calls
//! as the native sound server's stream ([`SoundServer`]), so the speaker
//! above stays one: it asks how many frames the output wants, mixes them
//! and writes them. Here nothing waits: each frame, the output wants
//! what keeps [`SOUND_LEAD`] of sound scheduled ahead of the audio
//! context's clock, and each piece written plays as an `AudioBuffer`
//! through an `AudioBufferSourceNode` started where the last one ends,
//! into one `GainNode` (the output) connected to the speakers.
//!
//! A browser lets a page's sound start only after the person has clicked
//! or pressed a key on it: the context made before that waits, suspended,
//! and the page's first `keydown` or `pointerdown` resumes it. The tests
//! find the context and the output as `globalThis.mazewalkerSound`'s
//! `context` and `output` (docs/web.md).

use std::cell::OnceCell;
use std::io;
use std::time::Duration;

use wasm_bindgen::JsCast as _;
use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;
use web_sys::js_sys;
use web_sys::{AudioContext, AudioContextOptions, AudioContextState, GainNode};

/// The page has a sound output: Web Audio.
pub const HAS_SOUND_SERVER: bool = true;

/// How much sound is kept scheduled ahead of what is heard: it covers a
/// frame that comes late, and is how long a sound waits, at most, from
/// the frame of its tick until it is heard (docs/sound.md).
const SOUND_LEAD: Duration = Duration::from_millis(80);

/// The least the output asks for at once, so that a quick frame adds no
/// tiny buffer of its own.
const SOUND_REQUEST: Duration = Duration::from_millis(10);

/// Bytes of one stereo 16-bit frame, as [`SoundServer::write`] takes it.
const FRAME_BYTES: usize = 4;

/// The name on `globalThis` under which the page's context and output are
/// found.
const PAGE_NAME: &str = "mazewalkerSound";

thread_local! {
    /// The page's one audio context and its output, made the first time
    /// sound starts: a browser allows a page only a few contexts.
    static PAGE_SOUND: OnceCell<PageSound> = const { OnceCell::new() };
}

/// The audio context and the node all sound goes through.
struct PageSound {
    context: AudioContext,
    output: GainNode,
}

/// The page's sound output, as the speaker holds it: where the next
/// piece starts on the context's clock. The context itself stays on the
/// page's thread ([`PAGE_SOUND`]), so this can cross threads as the
/// native stream does.
#[derive(Debug)]
pub struct SoundServer {
    /// Frames a second, of the context and of each buffer.
    rate: u32,
    /// The context's frame at which the next piece written starts.
    next_frame: u64,
}

impl SoundServer {
    /// Makes the page's audio context at `rate` frames a second (once for
    /// the page; later calls use it again) with its output, and resumes
    /// it on the page's first key or click. `_name` names a native
    /// stream; the page has no list of streams to name it in.
    pub fn connect(_name: &str, rate: u32) -> io::Result<Self> {
        PAGE_SOUND.with(|cell| -> io::Result<()> {
            if cell.get().is_none() {
                let sound = PageSound::open(rate)?;
                let _ = cell.set(sound);
            }
            Ok(())
        })?;
        Ok(Self {
            rate,
            next_frame: 0,
        })
    }

    /// The frames the output wants now: what keeps [`SOUND_LEAD`] ahead of
    /// the context's clock, none while that is already scheduled (or is
    /// less than [`SOUND_REQUEST`] short) or while the context waits for
    /// the page's first key. Never waits. After a gap (a frame later than
    /// the lead), sound goes on from the context's time now.
    pub fn next_request(&mut self) -> io::Result<usize> {
        let Some(now) = PAGE_SOUND.with(|cell| cell.get().and_then(PageSound::playing_at)) else {
            return Ok(0);
        };
        let now_frame = (now * f64::from(self.rate)) as u64;
        self.next_frame = self.next_frame.max(now_frame);
        let lead_until = now_frame + frames_in(SOUND_LEAD, self.rate);
        let wanted = lead_until.saturating_sub(self.next_frame);
        if wanted < frames_in(SOUND_REQUEST, self.rate) {
            return Ok(0);
        }
        Ok(usize::try_from(wanted).unwrap_or(usize::MAX))
    }

    /// Schedules `samples` (left and right interleaved, 16-bit
    /// little-endian) to play where the last piece ends.
    pub fn write(&mut self, samples: &[u8]) -> io::Result<()> {
        let frames = samples.len() / FRAME_BYTES;
        if frames == 0 {
            return Ok(());
        }
        let mut channels = [vec![0.0; frames], vec![0.0; frames]];
        for (at, frame) in samples.chunks_exact(FRAME_BYTES).enumerate() {
            for (channel, pcm) in channels.iter_mut().zip(frame.chunks_exact(2)) {
                channel[at] = f32::from(i16::from_le_bytes([pcm[0], pcm[1]])) / 32_768.0;
            }
        }
        let start = self.next_frame as f64 / f64::from(self.rate);
        PAGE_SOUND.with(|cell| -> io::Result<()> {
            let sound = cell
                .get()
                .ok_or_else(|| io::Error::other("the page's sound is not open"))?;
            sound.schedule(&channels, self.rate, start)
        })?;
        self.next_frame += frames as u64;
        Ok(())
    }
}

impl PageSound {
    /// A context at `rate` (the browser's own where it refuses that rate;
    /// it then resamples each buffer), its output connected to the
    /// speakers, shown to the page's tests and resumed on a key or click.
    fn open(rate: u32) -> io::Result<Self> {
        let options = AudioContextOptions::new();
        options.set_sample_rate(rate as f32);
        let context = AudioContext::new_with_context_options(&options)
            .or_else(|_| AudioContext::new())
            .map_err(|error| js_error("the page has no Web Audio", &error))?;
        let output = context
            .create_gain()
            .map_err(|error| js_error("no output node", &error))?;
        output
            .connect_with_audio_node(&context.destination())
            .map_err(|error| js_error("the output reaches no speakers", &error))?;
        let sound = Self { context, output };
        sound.show_to_the_page();
        sound.resume_on_the_first_gesture();
        Ok(sound)
    }

    /// The context's time, in seconds, while it plays; `None` while it
    /// waits for the page's first key or click (or was closed).
    fn playing_at(&self) -> Option<f64> {
        (self.context.state() == AudioContextState::Running).then(|| self.context.current_time())
    }

    /// Plays `channels` (left, right), at `rate`, from `start` on the
    /// context's clock, into the output.
    fn schedule(&self, channels: &[Vec<f32>; 2], rate: u32, start: f64) -> io::Result<()> {
        let frames = u32::try_from(channels[0].len()).unwrap_or(u32::MAX);
        let buffer = self
            .context
            .create_buffer(2, frames, rate as f32)
            .map_err(|error| js_error("no sound buffer", &error))?;
        for (number, channel) in (0..).zip(channels) {
            buffer
                .copy_to_channel(channel, number)
                .map_err(|error| js_error("the sound buffer", &error))?;
        }
        let source = self
            .context
            .create_buffer_source()
            .map_err(|error| js_error("no sound source", &error))?;
        source.set_buffer(Some(&buffer));
        source
            .connect_with_audio_node(&self.output)
            .map_err(|error| js_error("the sound source", &error))?;
        source
            .start_with_when(start)
            .map_err(|error| js_error("the sound source did not start", &error))
    }

    /// Sets `globalThis.mazewalkerSound` to `{ context, output }`.
    fn show_to_the_page(&self) {
        let shown = js_sys::Object::new();
        let set = |on: &JsValue, key: &str, value: &JsValue| {
            js_sys::Reflect::set(on, &JsValue::from_str(key), value).is_ok()
        };
        let done = set(&shown, "context", &self.context)
            && set(&shown, "output", &self.output)
            && set(&js_sys::global(), PAGE_NAME, &shown);
        if !done {
            log::warn!("cannot show the page's sound as {PAGE_NAME}");
        }
    }

    /// Resumes the context on each key pressed or click while it waits:
    /// a browser lets a page's sound start inside such an event only.
    fn resume_on_the_first_gesture(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let context = self.context.clone();
        let resume = Closure::<dyn Fn()>::new(move || {
            if context.state() == AudioContextState::Suspended {
                // The promise settles later; a refusal leaves the context
                // waiting for the next key or click.
                let _ = context.resume();
            }
        });
        for event in ["keydown", "pointerdown"] {
            let listened = window.add_event_listener_with_callback_and_bool(
                event,
                resume.as_ref().unchecked_ref(),
                true,
            );
            if let Err(error) = listened {
                log::warn!("sound cannot start on {event}: {error:?}");
            }
        }
        // The listener lives as long as the page.
        resume.forget();
    }
}

/// Frames in `time` at `rate`.
fn frames_in(time: Duration, rate: u32) -> u64 {
    let frames = u128::from(rate) * time.as_micros() / 1_000_000;
    u64::try_from(frames).unwrap_or(u64::MAX)
}

/// An error saying `what` went wrong, with the browser's `error`.
fn js_error(what: &str, error: &JsValue) -> io::Error {
    io::Error::other(format!("{what}: {error:?}"))
}
