//! The window's sound: the simulation's ticks heard, mixed and written to
//! the platform's sound output. Natively a thread of its own does it,
//! sent each tick through a channel, and writes the mix each time the
//! sound server asks for more; the window's thread only sends and never
//! waits on sound. The page has no threads and may not wait: there the
//! window's thread hears each tick at once and, each frame, mixes what
//! keeps the page's Web Audio a little ahead ([`Speaker::play`]). Either
//! way, where there is no output, or it goes away, the speaker says why
//! once (a line on stderr or the console, and the HUD through
//! [`Speaker::silenced`]) and the program goes on silent. Sound only
//! reads the simulation ([`Moment`]), so a demo replays the same with it
//! on or off.
//!
//! From a tick to its sound leaving the program, natively: the tick waits
//! in the channel until the server next asks for sound (every 10 ms), is
//! heard and mixed with what was asked for, and written. docs/sound.md
//! has the arithmetic, and the page's.

use std::io::{self, Write as _};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::collision::Collider;
use crate::config::SoundSettings;
use crate::edit::EditEvent;
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
    /// A step of editing, heard with the next tick.
    Edit(EditEvent),
}

/// The live level and its walking collider.
pub type Live<'a> = (&'a Arc<Level>, &'a Arc<Collider>);

/// The sound, as the window's thread sees it.
#[derive(Debug)]
pub struct Speaker {
    mixing: Mixing,
    /// Why sound stopped, once.
    silenced: Receiver<String>,
}

/// Where the mixing is done.
#[derive(Debug)]
enum Mixing {
    /// On a thread of its own, which the window's thread sends to.
    Thread(Outbox),
    /// On the window's thread, each frame (the page); `None` once the
    /// output failed.
    Here(Option<Box<MixingHere>>),
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

/// The output and what is heard, on the window's thread.
#[derive(Debug)]
struct MixingHere {
    server: SoundServer,
    hearing: Hearing,
    /// Where to say why sound stopped.
    said: Sender<String>,
}

impl Speaker {
    /// Starts the sound on `level`, whose walking collider is `collider`,
    /// heard with `options`: connects to the output and plays until the
    /// speaker is dropped or the output is lost. Natively on a thread of
    /// its own, which waits on the server; where work may not wait (the
    /// page), on the window's thread ([`play`](Self::play)).
    pub fn start(level: Arc<Level>, collider: Arc<Collider>, options: SoundSettings) -> Self {
        let (said, silenced) = mpsc::channel();
        let trace = Trace::open(std::env::var_os(SOUND_TRACE).map(PathBuf::from));
        let hearing = Hearing::new(level, collider, options, trace);
        let mixing = if platform::WORK_MAY_WAIT {
            Mixing::Thread(Outbox::start(hearing, said))
        } else {
            let here = match SoundServer::connect("mazewalker", SAMPLE_RATE) {
                Ok(server) => Some(Box::new(MixingHere {
                    server,
                    hearing,
                    said,
                })),
                Err(error) => {
                    say(&said, no_server(&error));
                    None
                }
            };
            Mixing::Here(here)
        };
        Self { mixing, silenced }
    }

    /// Hears the tick `simulation` just stepped on the live level `live`
    /// (the level and its walking collider).
    pub fn hear(&mut self, simulation: &Simulation, live: Live) {
        let moment = Box::new(Moment::of(simulation));
        self.tell(ToSound::Tick(moment, Instant::now()), live);
    }

    /// Hears `edit`, a step of editing on the live level `live`, with the
    /// next tick.
    pub fn hear_edit(&mut self, edit: EditEvent, live: Live) {
        self.tell(ToSound::Edit(edit), live);
    }

    /// The live level is now `live`.
    pub fn level_changed(&mut self, live: Live) {
        let level = ToSound::Level(Arc::clone(live.0), Arc::clone(live.1));
        self.tell(level, live);
    }

    /// Stops the sounds playing (sound was turned off) on `live`.
    pub fn hush(&mut self, live: Live) {
        self.tell(ToSound::Hush, live);
    }

    /// Mixes and writes what the output wants now, where the mixing is
    /// done on the window's thread: called once a frame, after its ticks.
    /// Natively the sound thread does it, and this does nothing.
    pub fn play(&mut self) {
        let Mixing::Here(Some(here)) = &mut self.mixing else {
            return;
        };
        let played = here
            .server
            .next_request()
            .and_then(|asked| here.hearing.play(&mut here.server, asked));
        if let Err(error) = played {
            say(&here.said, server_gone(&error));
            self.mixing = Mixing::Here(None);
        }
    }

    /// Hands `message` to where the mixing is done.
    fn tell(&mut self, message: ToSound, live: Live) {
        match &mut self.mixing {
            Mixing::Thread(outbox) => outbox.send(message, live),
            Mixing::Here(Some(here)) => here.hearing.take(message),
            Mixing::Here(None) => {}
        }
    }

    /// Why sound stopped, once: for the HUD.
    pub fn silenced(&self) -> Option<String> {
        self.silenced.try_recv().ok()
    }
}

impl Outbox {
    /// Starts the sound thread with `hearing`: it connects to the server
    /// and plays until the sending side is dropped or the server is lost,
    /// and tells `said` why it stopped.
    fn start(hearing: Hearing, said: Sender<String>) -> Self {
        let (to_sound, messages) = mpsc::channel();
        let waiting = Arc::new(AtomicUsize::new(0));
        let taken = Arc::clone(&waiting);
        let tell = said.clone();
        let spawned = platform::spawn_thread("sound", move || {
            let why = match SoundServer::connect("mazewalker", SAMPLE_RATE) {
                Err(error) => no_server(&error),
                Ok(server) => {
                    let mut thread = SoundThread {
                        server,
                        messages,
                        taken,
                        hearing,
                    };
                    match thread.run() {
                        Ok(()) => return,
                        Err(error) => server_gone(&error),
                    }
                }
            };
            say(&tell, why);
        });
        if let Err(error) = spawned {
            say(&said, format!("silent: no thread for sound ({error})"));
        }
        Self {
            to_sound,
            waiting,
            lost: false,
        }
    }

    /// Sends `message` without waiting: dropped when the channel is full
    /// (after the live level `live` again, once there is room), or when
    /// the thread has ended (it said why).
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

/// Why sound is silent when the output cannot be reached: `error`.
fn no_server(error: &io::Error) -> String {
    format!("silent: no sound server ({error})")
}

/// Why sound is silent when the output failed while playing: `error`.
fn server_gone(error: &io::Error) -> String {
    format!("silent: the sound server went away ({error})")
}

/// Says `why` sound stopped: on the log, and to the window through `said`.
fn say(said: &Sender<String>, why: String) {
    log::warn!("{why}");
    // The window may be gone already: nobody to tell then.
    let _ = said.send(why);
}

/// The sound thread's own state.
struct SoundThread {
    server: SoundServer,
    messages: Receiver<ToSound>,
    /// The window's count of messages waiting, one less for each taken.
    taken: Arc<AtomicUsize>,
    hearing: Hearing,
}

impl SoundThread {
    /// Plays until the window's thread drops its speaker (`Ok`) or the
    /// server fails.
    fn run(&mut self) -> io::Result<()> {
        loop {
            let asked = self.server.next_request()?;
            loop {
                match self.messages.try_recv() {
                    Ok(message) => {
                        self.taken.fetch_sub(1, Ordering::Relaxed);
                        self.hearing.take(message);
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return Ok(()),
                }
            }
            self.hearing.play(&mut self.server, asked)?;
        }
    }
}

/// What is heard, and the mix made of it: the same wherever the mixing
/// is done.
#[derive(Debug)]
struct Hearing {
    soundscape: Soundscape,
    level: Arc<Level>,
    collider: Arc<Collider>,
    options: SoundSettings,
    trace: Trace,
    /// The ticks with events heard since the last mix was written, for
    /// the trace.
    heard: Vec<(Instant, Box<Moment>)>,
    /// The last mix, and its bytes.
    frames: Vec<[f32; 2]>,
    bytes: Vec<u8>,
}

impl Hearing {
    /// Nothing heard yet on `level` (walked with `collider`), with
    /// `options`, traced to `trace`.
    fn new(
        level: Arc<Level>,
        collider: Arc<Collider>,
        options: SoundSettings,
        trace: Trace,
    ) -> Self {
        Self {
            soundscape: Soundscape::new(&level, options),
            level,
            collider,
            options,
            trace,
            heard: Vec::new(),
            frames: Vec::new(),
            bytes: Vec::new(),
        }
    }

    /// Acts on `message`; a tick heard is kept for the trace.
    fn take(&mut self, message: ToSound) {
        match message {
            ToSound::Tick(moment, at) => {
                self.soundscape.hear(&moment, &self.level, &self.collider);
                if self.trace.is_on() && !moment.events().is_empty() {
                    self.heard.push((at, moment));
                }
            }
            ToSound::Level(level, collider) => {
                self.soundscape = Soundscape::new(&level, self.options);
                self.level = level;
                self.collider = collider;
            }
            ToSound::Hush => self.soundscape = Soundscape::new(&self.level, self.options),
            ToSound::Edit(edit) => self.soundscape.hear_edit(edit),
        }
    }

    /// Mixes `asked` frames of what was heard and writes them to
    /// `server`; nothing when none are asked for.
    fn play(&mut self, server: &mut SoundServer, asked: usize) -> io::Result<()> {
        if asked == 0 {
            return Ok(());
        }
        self.frames.clear();
        self.frames.resize(asked, [0.0; 2]);
        self.soundscape.mix(&mut self.frames);
        self.bytes.clear();
        for sample in self.frames.iter().flatten() {
            self.bytes.extend_from_slice(&to_pcm(*sample).to_le_bytes());
        }
        server.write(&self.bytes)?;
        self.trace.written(&self.heard);
        self.heard.clear();
        Ok(())
    }
}

/// The trace [`SOUND_TRACE`] asks for, if it does.
#[derive(Debug)]
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
