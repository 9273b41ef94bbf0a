//! The window's sound through a real sound server: the test starts its
//! own PulseAudio with a null sink (no sound card), records the sink's
//! monitor with `parec` while a scripted session opens a door, and finds
//! the door's sound in the recording within 100 ms of the tick that
//! opened it (and, by the program's own trace, leaving it within 50 ms).
//! Then it stops the server: the window goes on silent and says so once,
//! on the HUD; the walk, recorded meanwhile, replays headless to the same
//! bits. With F7 off, a door opened meanwhile is never heard; once on
//! again, the next event is. Without any server, the program says so in
//! one line on stderr and runs on.
//!
//! How the recording's clock is tied to the tick's: the program writes
//! the wall-clock time of the tick that opened the door
//! ([`SOUND_TRACE`]); the test notes the wall-clock time at which each
//! piece of the recording reaches it. A frame of the recording was
//! captured no later than a piece that holds it arrived, less the
//! frames after it in that piece (the sink's clock runs at its rate), so
//! the least such bound over every later piece is when the door's first
//! frame was captured, at the latest. The test's own slowness (a busy
//! machine delaying some pieces) can only make a bound later, never
//! earlier, and any one piece that arrives promptly gives a close bound:
//! the measure holds on a loaded machine, and it can only overstate the
//! delay. The door's sound is the first sound the program makes: the
//! walker's footsteps are off, and nothing else sounds on the way to the
//! door.

use std::io::{BufRead as _, BufReader, Read as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::common;
use crate::doors::LEVEL;

use mazewalker::app::{SOUND_TRACE, ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;

/// The null sink's rate: the recording is made at it, so that no
/// resampler stands between the sink and the recording.
const RECORD_RATE: u32 = 44_100;

/// A recorded sample this far from zero is sound (about -50 dB): the
/// program writes exact zeros while nothing plays.
const SOUND_THRESHOLD: i16 = 100;

/// The contract: from the tick to the sound, heard at the sink.
const AT_MOST: Duration = Duration::from_millis(100);

/// The contract: from the tick to its sound leaving the program.
const LEAVES_WITHIN: Duration = Duration::from_millis(50);

#[test]
fn a_door_opened_in_the_window_sounds_through_the_server_within_100_ms_of_its_tick() {
    if !crate::own_process(
        "sound::a_door_opened_in_the_window_sounds_through_the_server_within_100_ms_of_its_tick",
    ) {
        return;
    }
    if !common::display_or_skip("window_sound") || !sound_server_or_skip("window_sound") {
        return;
    }
    let Heard {
        level,
        folder,
        server,
        trace,
        recording,
    } = Heard::start("window_sound");
    let stopper = server.stop_after_door(&trace);
    let wait = Duration::from_secs(60);
    let script = vec![
        // Up to the door, in reach of the use key, without a footstep.
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(120),
        ScriptStep::Action(Action::MoveForward, false),
        // The stream plays silence for a while.
        ScriptStep::Wait(Duration::from_secs(1)),
        ScriptStep::Action(Action::Use, true),
        ScriptStep::Ticks(2),
        ScriptStep::Action(Action::Use, false),
        // The server is stopped about a second after the door opened.
        ScriptStep::AwaitHud("silent: the sound server went away".to_owned(), wait),
        ScriptStep::CaptureHud,
        // The door opens the rest of the way; through it.
        ScriptStep::Ticks(200),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(120),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Checkpoint,
        ScriptStep::Close,
    ];
    let mut settings = mazewalker::config::Config::default();
    settings.sound.footsteps = false;
    let demo = folder.join("door.demo");
    let options = WindowOptions {
        size: (320, 180),
        watch: false,
        record: Some(demo.clone()),
        settings,
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    stopper.join().expect("the server was stopped");
    let (samples, pieces) = recording.finish();

    let hud = report.huds.first().expect("the HUD captured");
    let silent: Vec<&String> = hud
        .iter()
        .filter(|line| line.starts_with("silent:"))
        .collect();
    assert_eq!(silent.len(), 1, "one notice: {hud:?}");
    let [through] = report.checkpoints[..] else {
        panic!("the window ran on: {:?}", report.checkpoints);
    };
    assert!(through.y < -0.5, "went through the doorway: {through}");
    // Sound only listens: the walk, recorded with it playing, replays
    // headless (no sound) to the same bits.
    assert_eq!(common::play_headless(&demo), (through.x, through.y));

    let (tick, written) = traced_tick(&trace, "DoorStarted");
    let heard = first_sound_after(tick, &samples, &pieces);
    println!(
        "the door: written {:.1} ms after its tick, heard at the sink at most {:.1} ms after",
        (written - tick) as f64 / 1000.0,
        heard / 1000.0
    );
    assert!(
        written - tick <= LEAVES_WITHIN.as_micros(),
        "the door's sound left the program {} µs after its tick",
        written - tick
    );
}

#[test]
fn f7_silences_the_window_and_sound_comes_back_with_the_next_event() {
    if !crate::own_process("sound::f7_silences_the_window_and_sound_comes_back_with_the_next_event")
    {
        return;
    }
    if !common::display_or_skip("window_sound_f7") || !sound_server_or_skip("window_sound_f7") {
        return;
    }
    // The server plays until the test ends.
    let Heard {
        level,
        server: _server,
        trace,
        recording,
        ..
    } = Heard::start("window_sound_f7");
    let toggle_sound = [
        ScriptStep::Action(Action::ToggleSound, true),
        ScriptStep::Ticks(1),
        ScriptStep::Action(Action::ToggleSound, false),
    ];
    let use_door = [
        ScriptStep::Action(Action::Use, true),
        ScriptStep::Ticks(2),
        ScriptStep::Action(Action::Use, false),
    ];
    let mut script = vec![
        // Up to the door, in reach of the use key, without a footstep,
        // sound on: the stream plays silence for a while.
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(120),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Wait(Duration::from_secs(1)),
    ];
    // Off: the door opens all the way unheard.
    script.extend(toggle_sound.clone());
    script.extend(use_door.clone());
    script.extend([
        ScriptStep::Ticks(300),
        ScriptStep::Wait(Duration::from_secs(1)),
    ]);
    // On again: the door closing is heard.
    script.extend(toggle_sound);
    script.push(ScriptStep::Wait(Duration::from_secs(1)));
    script.extend(use_door);
    script.extend([ScriptStep::Ticks(120), ScriptStep::Close]);
    let mut settings = mazewalker::config::Config::default();
    settings.sound.footsteps = false;
    let options = WindowOptions {
        size: (320, 180),
        watch: false,
        settings,
        ..WindowOptions::default()
    };
    run_window_scripted(level, options, script).expect("the window session runs");
    let (samples, pieces) = recording.finish();

    let text = std::fs::read_to_string(&trace).expect("the sound trace");
    assert!(
        !text.contains("opening: true"),
        "the door opening was heard with sound off:\n{text}"
    );
    let (tick, _) = traced_tick(&trace, "opening: false");
    let heard = first_sound_after(tick, &samples, &pieces);
    println!(
        "the door closing, sound on again: heard at the sink at most {heard:.0} µs after its tick"
    );
}

#[test]
fn without_a_sound_server_the_program_runs_silent_and_says_so_once() {
    if !crate::own_process("sound::without_a_sound_server_the_program_runs_silent_and_says_so_once")
    {
        return;
    }
    if !common::display_or_skip("window_no_sound") {
        return;
    }
    let (path, _) = common::level_file("window_no_sound", LEVEL);
    let folder = path.parent().expect("a folder");
    let runtime = folder.join("runtime");
    std::fs::create_dir_all(&runtime).expect("a runtime folder");
    let mut window = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(["--size", "320x180", "--sound", "on", "--level"])
        .arg(&path)
        .current_dir(folder)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env_remove("PULSE_SERVER")
        .env_remove("PULSE_RUNTIME_PATH")
        .env_remove("RUST_LOG")
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mazewalker");
    let stderr = window.stderr.take().expect("its stderr");
    let lines = Arc::new(Mutex::new(Vec::<String>::new()));
    let reader = {
        let lines = Arc::clone(&lines);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                lines.lock().expect("the lines").push(line);
            }
        })
    };
    let said = |lines: &Mutex<Vec<String>>| {
        let lines = lines.lock().expect("the lines");
        lines.iter().any(|line| line.contains("silent:"))
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while !said(&lines) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    // Time for anything more it would say, and to fall over if it would.
    std::thread::sleep(Duration::from_secs(2));
    let running = window.try_wait().expect("the window's status").is_none();
    let _ = window.kill();
    let _ = window.wait();
    reader.join().expect("stderr read");
    let lines = lines.lock().expect("the lines");
    assert!(running, "the program ended: {lines:#?}");
    let silent: Vec<&String> = lines.iter().filter(|line| line.contains("sound")).collect();
    assert_eq!(silent.len(), 1, "one line about sound: {lines:#?}");
    assert!(silent[0].contains("silent: no sound server"), "{lines:#?}");
    assert!(
        !lines.iter().any(|line| line.contains("panicked")),
        "{lines:#?}"
    );
}

/// A window session about to be heard: the door's level in a scratch
/// folder, the test's own server, the program's sound trace, and the
/// recording of the server's sink, already flowing.
struct Heard {
    level: mazewalker::level::Level,
    folder: PathBuf,
    server: SoundServer,
    trace: PathBuf,
    recording: Recording,
}

impl Heard {
    /// Starts the server and the recording for the test `name`, and points
    /// this process's window at them.
    fn start(name: &str) -> Self {
        let (path, level) = common::level_file(name, LEVEL);
        let folder = path.parent().expect("a folder").to_owned();
        let server = SoundServer::start(&folder.join("runtime"));
        let trace = folder.join("sound-trace.txt");
        // SAFETY: this process runs its one test alone (`own_process`),
        // and no other thread of it reads the environment while these are
        // set, before the window starts.
        unsafe {
            std::env::set_var("PULSE_SERVER", server.address());
            std::env::set_var(SOUND_TRACE, &trace);
        }
        let recording = Recording::start(&server);
        Self {
            level,
            folder,
            server,
            trace,
            recording,
        }
    }
}

/// Whether `pulseaudio` and `parec` are installed; when not, skips
/// `test` with a message, or fails where the window tests are required
/// (`.ci/run` installs them).
fn sound_server_or_skip(test: &str) -> bool {
    let found = |program: &str| Command::new(program).arg("--version").output().is_ok();
    if found("pulseaudio") && found("parec") {
        return true;
    }
    assert!(
        !common::gpu_required(),
        "MAZEWALKER_REQUIRE_GPU=1 but pulseaudio or parec is not installed"
    );
    eprintln!(
        "skipped {test}: no pulseaudio or parec (apt-get install pulseaudio pulseaudio-utils)"
    );
    false
}

/// The test's own PulseAudio, with a null sink, its socket in a fresh
/// folder.
struct SoundServer {
    process: Arc<Mutex<Child>>,
    runtime: PathBuf,
}

impl SoundServer {
    /// Starts it in `runtime` and waits for its socket. It lets any
    /// client in (`auth-anonymous`): only this test knows the folder.
    fn start(runtime: &Path) -> Self {
        let _ = std::fs::remove_dir_all(runtime);
        std::fs::create_dir_all(runtime).expect("a runtime folder");
        let process = Command::new("pulseaudio")
            .args([
                "-n",
                "--daemonize=no",
                "--exit-idle-time=-1",
                "--system=false",
                "-L",
                "module-null-sink",
                "-L",
                "module-native-protocol-unix auth-anonymous=1",
            ])
            .env("XDG_RUNTIME_DIR", runtime)
            .env("HOME", runtime)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start pulseaudio");
        let server = Self {
            process: Arc::new(Mutex::new(process)),
            runtime: runtime.to_owned(),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        while !server.socket().exists() {
            assert!(Instant::now() < deadline, "pulseaudio made no socket");
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }

    fn socket(&self) -> PathBuf {
        self.runtime.join("pulse/native")
    }

    /// The address for `PULSE_SERVER`.
    fn address(&self) -> String {
        format!("unix:{}", self.socket().display())
    }

    /// Stops the server, on a thread of its own, one second after the
    /// trace at `trace` shows the door started.
    fn stop_after_door(&self, trace: &Path) -> std::thread::JoinHandle<()> {
        let process = Arc::clone(&self.process);
        let trace = trace.to_owned();
        std::thread::spawn(move || {
            let deadline = Instant::now() + Duration::from_secs(120);
            let started =
                || std::fs::read_to_string(&trace).is_ok_and(|text| text.contains("DoorStarted"));
            while !started() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
            std::thread::sleep(Duration::from_secs(1));
            let mut process = process.lock().expect("the server");
            let _ = process.kill();
            let _ = process.wait();
        })
    }
}

impl Drop for SoundServer {
    fn drop(&mut self) {
        if let Ok(mut process) = self.process.lock() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

/// `parec` recording the null sink's monitor, and when each piece of it
/// arrived.
struct Recording {
    process: Child,
    reader: std::thread::JoinHandle<(Vec<u8>, Vec<Piece>)>,
}

/// A piece of the recording arrived: at this wall-clock time
/// (microseconds since 1970), with the recording this many frames long.
#[derive(Debug, Clone, Copy)]
struct Piece {
    at: u128,
    frames: u64,
}

impl Recording {
    /// Starts recording, raw 16-bit stereo at [`RECORD_RATE`], in small
    /// pieces, and waits for its first piece.
    fn start(server: &SoundServer) -> Self {
        let rate = RECORD_RATE.to_string();
        let mut process = Command::new("parec")
            .args([
                "-d",
                "null.monitor",
                "--raw",
                "--format=s16le",
                "--channels=2",
            ])
            .args(["--rate", &rate, "--latency-msec=5"])
            .env("PULSE_SERVER", server.address())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start parec");
        let mut stdout = process.stdout.take().expect("parec's output");
        let (first, arrived) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let mut pieces = Vec::new();
            let mut buffer = [0; 4096];
            while let Ok(read) = stdout.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                bytes.extend_from_slice(&buffer[..read]);
                pieces.push(Piece {
                    at: micros(SystemTime::now()),
                    frames: (bytes.len() / 4) as u64,
                });
                let _ = first.send(());
            }
            (bytes, pieces)
        });
        // The server is up and its sink plays once the recording flows:
        // a stream opened then starts at once.
        arrived
            .recv_timeout(Duration::from_secs(30))
            .expect("the recording flows");
        Self { process, reader }
    }

    /// Stops it (it has ended if the server has): the samples, left and
    /// right interleaved, and the pieces.
    fn finish(mut self) -> (Vec<i16>, Vec<Piece>) {
        let _ = self.process.kill();
        let _ = self.process.wait();
        let (bytes, pieces) = self.reader.join().expect("the recording read");
        let samples = bytes
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        (samples, pieces)
    }
}

/// Microseconds since 1970 at `time`.
fn micros(time: SystemTime) -> u128 {
    time.duration_since(UNIX_EPOCH)
        .expect("a clock after 1970")
        .as_micros()
}

/// The latest wall-clock time (microseconds since 1970) at which frame
/// `frame` of the recording can have been captured: the least, over the
/// pieces that hold it, of the piece's arrival less the frames after it.
fn latest_capture(frame: u64, pieces: &[Piece]) -> f64 {
    pieces
        .iter()
        .filter(|piece| piece.frames > frame)
        .map(|piece| {
            let after = (piece.frames - frame) as f64 * 1e6 / f64::from(RECORD_RATE);
            piece.at as f64 - after
        })
        .fold(f64::INFINITY, f64::min)
}

/// The first sound in the recording (`samples`, arriving in `pieces`):
/// at most how long after `tick` (microseconds since 1970) it was
/// captured, in microseconds. Fails unless that is within [`AT_MOST`],
/// and not before the tick: an earlier sound was never the tick's.
fn first_sound_after(tick: u128, samples: &[i16], pieces: &[Piece]) -> f64 {
    let onset = samples
        .chunks_exact(2)
        .position(|frame| frame.iter().any(|sample| sample.abs() > SOUND_THRESHOLD))
        .expect("a sound in the recording");
    let heard = latest_capture(onset as u64, pieces) - tick as f64;
    assert!(
        heard >= 0.0,
        "a sound ({heard} µs) before the tick: an earlier one, or the clocks are not tied right"
    );
    assert!(
        heard <= AT_MOST.as_micros() as f64,
        "the sound was heard {heard} µs after its tick"
    );
    heard
}

/// From the trace: when the tick of the first event that names `event`
/// ran, and when its first samples were written (microseconds since
/// 1970).
fn traced_tick(trace: &Path, event: &str) -> (u128, u128) {
    let text = std::fs::read_to_string(trace).expect("the sound trace");
    let line = text
        .lines()
        .find(|line| line.contains(event))
        .unwrap_or_else(|| panic!("no {event} in the trace:\n{text}"));
    let mut fields = line.split_whitespace().map(|field| field.parse::<u128>());
    match (fields.next(), fields.next()) {
        (Some(Ok(tick)), Some(Ok(written))) => (tick, written),
        _ => panic!("a trace line: {line}"),
    }
}
