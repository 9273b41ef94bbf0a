//! The window's sound: a thread of its own hears the simulation's ticks,
//! sent to it through a channel, mixes them and writes the mix to the
//! sound server each time the server asks for more. The window's thread
//! only sends and never waits on sound. Where there is no server, or it
//! goes away, the thread says why once (a line on stderr, and the HUD
//! through [`Speaker::silenced`]) and ends: the program goes on silent.
//! Sound only reads the simulation ([`Moment`]), so a demo replays the
//! same with it on or off.
//!
//! From a tick to its sound leaving the program: the tick waits in the
//! channel until the server next asks for sound (every 10 ms), is heard
//! and mixed with what was asked for, and written. docs/sound.md has the
//! arithmetic.

use std::io::{self, Write as _};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::collision::Collider;
use crate::config::SoundSettings;
use crate::level::Level;
use crate::platform::{self, Instant, SoundServer};
use crate::simulation::Simulation;
use crate::sound::{Moment, SAMPLE_RATE, Soundscape, to_pcm};

/// Names a file to which the sound thread appends a line for each event
/// it hears: when its tick ran and when its first samples were written
/// (microseconds since 1970), then the event. For the tests and the
/// latency figures in docs/sound.md.
pub const SOUND_TRACE: &str = "MAZEWALKER_SOUND_TRACE";

/// The most messages waiting for the sound thread: two seconds of ticks.
/// The thread takes them every 10 ms; past this the server has stalled,
/// and the window's thread drops what it would send rather than wait or
/// gather them without end.
const MOST_WAITING: usize = 240;

/// What the window's thread tells the sound thread.
enum ToSound {
    /// A tick to hear, and when it ran.
    Tick(Box<Moment>, Instant),
    /// The live level changed: the sounds playing stop, and new ones are
    /// heard on it.
    Level(Arc<Level>, Arc<Collider>),
    /// Sound was turned off: the sounds playing stop.
    Hush,
}

/// The live level and its walking collider.
pub type Live<'a> = (&'a Arc<Level>, &'a Arc<Collider>);

/// The sound thread, as the window's thread sees it.
#[derive(Debug)]
pub struct Speaker {
    outbox: Outbox,
    /// Why sound stopped, once.
    silenced: Receiver<String>,
}

/// The window's end of the channel to the sound thread: it never blocks,
/// and holds at most [`MOST_WAITING`] messages.
#[derive(Debug)]
struct Outbox {
    to_sound: Sender<ToSound>,
    /// Messages sent and not yet taken, counted by both threads.
    waiting: Arc<AtomicUsize>,
    /// A message was dropped (too many were waiting): the sound thread is
    /// to start again on the level before it hears another tick, so that
    /// no sound waits for the end it missed.
    lost: bool,
}

impl Speaker {
    /// Starts the sound thread on `level`, whose walking collider is
    /// `collider`, heard with `options`: it connects to the server and
    /// plays until the speaker is dropped or the server is lost.
    pub fn start(level: Arc<Level>, collider: Arc<Collider>, options: SoundSettings) -> Self {
        let (to_sound, messages) = mpsc::channel();
        let waiting = Arc::new(AtomicUsize::new(0));
        let taken = Arc::clone(&waiting);
        let (said, silenced) = mpsc::channel();
        let trace = std::env::var_os(SOUND_TRACE).map(PathBuf::from);
        let tell = said.clone();
        let spawned = platform::spawn_thread("sound", move || {
            let why = match SoundServer::connect("mazewalker", SAMPLE_RATE) {
                Err(error) => format!("silent: no sound server ({error})"),
                Ok(server) => {
                    let mut thread = SoundThread {
                        server,
                        messages,
                        taken,
                        soundscape: Soundscape::new(&level, options),
                        level,
                        collider,
                        options,
                        trace: Trace::open(trace),
                    };
                    match thread.run() {
                        Ok(()) => return,
                        Err(error) => format!("silent: the sound server went away ({error})"),
                    }
                }
            };
            log::warn!("{why}");
            // The window may be gone already: nobody to tell then.
            let _ = tell.send(why);
        });
        if let Err(error) = spawned {
            let why = format!("silent: no thread for sound ({error})");
            log::warn!("{why}");
            let _ = said.send(why);
        }
        Self {
            outbox: Outbox {
                to_sound,
                waiting,
                lost: false,
            },
            silenced,
        }
    }

    /// Hears the tick `simulation` just stepped on the live level `live`
    /// (the level and its walking collider).
    pub fn hear(&mut self, simulation: &Simulation, live: Live) {
        let moment = Box::new(Moment::of(simulation));
        self.outbox
            .send(ToSound::Tick(moment, Instant::now()), live);
    }

    /// The live level is now `live`.
    pub fn level_changed(&mut self, live: Live) {
        let level = ToSound::Level(Arc::clone(live.0), Arc::clone(live.1));
        self.outbox.send(level, live);
    }

    /// Stops the sounds playing (sound was turned off) on `live`.
    pub fn hush(&mut self, live: Live) {
        self.outbox.send(ToSound::Hush, live);
    }

    /// Why sound stopped, once: for the HUD.
    pub fn silenced(&self) -> Option<String> {
        self.silenced.try_recv().ok()
    }
}

impl Outbox {
    /// Sends `message` without waiting: dropped when the channel is full
    /// (after the live level again, once there is room), or when the
    /// thread has ended (it said why).
    fn send(&mut self, message: ToSound, live: Live) {
        let full = self.waiting.load(Ordering::Relaxed) >= MOST_WAITING;
        if full {
            self.lost = true;
            return;
        }
        if self.lost {
            self.push(ToSound::Level(Arc::clone(live.0), Arc::clone(live.1)));
            self.lost = false;
        }
        self.push(message);
    }

    /// Sends `message`, counted.
    fn push(&self, message: ToSound) {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        // A thread that ended has said why already.
        let _ = self.to_sound.send(message);
    }
}

/// The sound thread's own state.
struct SoundThread {
    server: SoundServer,
    messages: Receiver<ToSound>,
    /// The window's count of messages waiting, one less for each taken.
    taken: Arc<AtomicUsize>,
    soundscape: Soundscape,
    level: Arc<Level>,
    collider: Arc<Collider>,
    options: SoundSettings,
    trace: Trace,
}

impl SoundThread {
    /// Plays until the window's thread drops its speaker (`Ok`) or the
    /// server fails.
    fn run(&mut self) -> io::Result<()> {
        let mut frames = Vec::new();
        let mut bytes = Vec::new();
        loop {
            let asked = self.server.wait_for_request()?;
            let mut heard = Vec::new();
            loop {
                match self.messages.try_recv() {
                    Ok(message) => {
                        self.taken.fetch_sub(1, Ordering::Relaxed);
                        self.take(message, &mut heard);
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return Ok(()),
                }
            }
            frames.clear();
            frames.resize(asked, [0.0; 2]);
            self.soundscape.mix(&mut frames);
            bytes.clear();
            for sample in frames.iter().flatten() {
                bytes.extend_from_slice(&to_pcm(*sample).to_le_bytes());
            }
            self.server.write(&bytes)?;
            self.trace.written(&heard);
        }
    }

    /// Acts on `message`; a tick heard goes into `heard` for the trace.
    fn take(&mut self, message: ToSound, heard: &mut Vec<(Instant, Box<Moment>)>) {
        match message {
            ToSound::Tick(moment, at) => {
                self.soundscape.hear(&moment, &self.level, &self.collider);
                if self.trace.is_on() && !moment.events().is_empty() {
                    heard.push((at, moment));
                }
            }
            ToSound::Level(level, collider) => {
                self.soundscape = Soundscape::new(&level, self.options);
                self.level = level;
                self.collider = collider;
            }
            ToSound::Hush => self.soundscape = Soundscape::new(&self.level, self.options),
        }
    }
}

/// The trace [`SOUND_TRACE`] asks for, if it does.
struct Trace {
    file: Option<std::fs::File>,
}

impl Trace {
    /// Appends to the file at `path`; none without a path, or with one
    /// that cannot be opened (said on stderr).
    fn open(path: Option<PathBuf>) -> Self {
        let file = path.and_then(|path| {
            let opened = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path);
            opened
                .map_err(|error| log::warn!("no sound trace {}: {error}", path.display()))
                .ok()
        });
        Self { file }
    }

    fn is_on(&self) -> bool {
        self.file.is_some()
    }

    /// Notes each event of `heard`, whose first samples were just
    /// written.
    fn written(&mut self, heard: &[(Instant, Box<Moment>)]) {
        let Some(file) = &mut self.file else {
            return;
        };
        let now = SystemTime::now();
        let micros = |time: SystemTime| {
            time.duration_since(UNIX_EPOCH)
                .unwrap_or(Duration::ZERO)
                .as_micros()
        };
        for (at, moment) in heard {
            let tick = micros(now.checked_sub(at.elapsed()).unwrap_or(now));
            for event in moment.events() {
                if let Err(error) = writeln!(file, "{tick} {} {event:?}", micros(now)) {
                    log::warn!("the sound trace: {error}");
                    self.file = None;
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An outbox whose sound thread is the test: the receiver, and the
    /// count it takes from.
    fn outbox() -> (Outbox, Receiver<ToSound>, Arc<AtomicUsize>) {
        let (to_sound, messages) = mpsc::channel();
        let waiting = Arc::new(AtomicUsize::new(0));
        let outbox = Outbox {
            to_sound,
            waiting: Arc::clone(&waiting),
            lost: false,
        };
        (outbox, messages, waiting)
    }

    fn is_level(message: &ToSound) -> bool {
        matches!(message, ToSound::Level(..))
    }

    #[test]
    fn a_stalled_sound_thread_gets_at_most_two_seconds_of_ticks_then_the_level_again() {
        let level = Arc::new(Level::default_house());
        let collider = Arc::new(level.collider());
        let simulation = Simulation::at_spawn(&level);
        let (mut outbox, messages, waiting) = outbox();
        let tick = || ToSound::Tick(Box::new(Moment::of(&simulation)), Instant::now());

        for _ in 0..MOST_WAITING + 60 {
            outbox.send(tick(), (&level, &collider));
        }
        let held: Vec<ToSound> = messages.try_iter().collect();
        assert_eq!(held.len(), MOST_WAITING, "the channel stops growing");
        assert!(
            held.iter()
                .all(|message| matches!(message, ToSound::Tick(..)))
        );

        // The thread takes what waited; the next tick follows the level,
        // so that the thread starts again on it.
        waiting.fetch_sub(held.len(), Ordering::Relaxed);
        outbox.send(tick(), (&level, &collider));
        outbox.send(tick(), (&level, &collider));
        let after: Vec<ToSound> = messages.try_iter().collect();
        assert_eq!(after.len(), 3);
        assert!(is_level(&after[0]), "the level first");
        assert!(!after[1..].iter().any(is_level), "the level once");
    }
}
