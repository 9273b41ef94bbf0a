//! The `mazewalker` command line: parses arguments and hands over to the
//! library. Nothing else lives here.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use glam::Vec2;
use mazewalker::app::{
    self, ScreenshotOptions, SoundOut, TerminalProgress, TimedemoOptions, WindowOptions,
};
use mazewalker::collision::{MoveOptions, MovePolicy};
use mazewalker::config::{self, Config, QualityChoice};
use mazewalker::demo::{OpenedDemo, Played};
use mazewalker::level::wad::Wad;
use mazewalker::level::{Level, LevelChoice};
use mazewalker::render::RenderQuality;

/// The allocator: mimalloc gives memory freed by another thread back to
/// its page without the lock the window's thread allocates under, so that
/// a big value dropped on a worker (a huge level's document) costs the
/// frame nothing. (The web page keeps the default allocator: it has no
/// other thread.)
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Walk a textured 3D house or maze in first person; never walk through a wall.
///
/// With no subcommand, opens a window on the embedded house (or the level
/// given). Logging: RUST_LOG=info (or debug, warn, ...).
#[derive(Debug, Parser)]
#[command(name = "mazewalker", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    level: LevelArgs,
    /// The settings file (TOML, see docs/config.md); default
    /// $MAZEWALKER_CONFIG, else mazewalker/config.toml in the platform's
    /// config folder. A missing file means the defaults.
    #[arg(long, value_name = "PATH", global = true)]
    config: Option<PathBuf>,
    /// Vertical sync: `on` (Fifo) or `off` (Immediate or Mailbox when the
    /// surface supports them); default the config file's `[render] vsync`,
    /// on.
    #[arg(
        long,
        value_name = "on|off",
        value_parser = parse_on_off,
        action = clap::ArgAction::Set
    )]
    vsync: Option<bool>,
    /// Start with the reject collision policy instead of slide: a move that
    /// would hit a wall or obstacle is refused whole (the eye stays where it
    /// was) rather than slid along it. R toggles it in the window.
    #[arg(long)]
    reject: bool,
    /// Start in ghost mode (walk through walls); G toggles it in the window.
    #[arg(long)]
    ghost: bool,
    /// Do not watch the level file and its images for changes (F5 still
    /// reloads).
    #[arg(long)]
    no_watch: bool,
    /// Initial window size in logical pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    size: (u32, u32),
    /// Per-pixel quality: `full` (4x MSAA, 16x anisotropic, trilinear),
    /// `fast` (none of them; lamp light from a cache baked on the level's
    /// surfaces, a texel every 10 cm), or `auto`: full on
    /// a GPU, fast on a software renderer such as llvmpipe. Default the
    /// config file's `[render] quality`, auto.
    #[arg(long, value_enum)]
    quality: Option<QualityChoice>,
    /// Record the walk into a demo file (see docs/demo-format.md).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// The map (Tab) shows every wall, not only the walls seen so far.
    #[arg(long)]
    map_all: bool,
    /// `on` or `off`: whether a level's lamps light it, with their
    /// shadows (off: the directional light and ambient, as a level without
    /// lamps); default the config file's `[render] lights`, on.
    #[arg(long, value_name = "on|off", value_parser = parse_on_off, action = clap::ArgAction::Set)]
    lights: Option<bool>,
    /// `on` or `off`: whether the walk sounds (F7 turns it on and off);
    /// default the config file's `[sound] enabled`, on.
    #[arg(long, value_name = "on|off", value_parser = parse_on_off, action = clap::ArgAction::Set)]
    sound: Option<bool>,
}

/// Exit status of `play` when a check line does not match (a desync).
const EXIT_DESYNC: u8 = 3;

#[derive(Debug, Subcommand)]
enum Command {
    /// Render one frame offscreen (no display needed) and write a PNG.
    Screenshot(ScreenshotArgs),
    /// Walk headless: read one tick (1/120 s) per line from stdin (`dx dz`
    /// moves, `use`, `wait N`), print `x z` positions.
    Replay(ReplayArgs),
    /// Validate a level file: errors with line and column, warnings; exit
    /// status 0 when the level is valid.
    Check(CheckArgs),
    /// Print the effective settings as a config file (the defaults where the
    /// file is silent); exit status 1 when the file has an error.
    Config(ConfigArgs),
    /// Play a recorded demo: `--headless` prints the final `x z yaw`, or
    /// `desync at tick T: ...` with exit status 3; `--timedemo` renders
    /// every tick offscreen as the window draws it and prints frame-time
    /// figures.
    Play(PlayArgs),
    /// List a Doom WAD's maps, one per line: the marker's name and its
    /// format (`doom`, `udmf`, or `hexen`, which cannot be read); exit
    /// status 1 when the WAD is bad.
    Maps(MapsArgs),
    /// Import a Doom map as a level file, its textures as PNG files in a
    /// folder beside it (FILE.textures/); prints one summary line.
    Import(ImportArgs),
}

/// Which level to use: a file, a generated maze, a Doom map, or the
/// embedded house.
#[derive(Debug, Args)]
struct LevelArgs {
    /// A level file (TOML, see docs/level-format.md).
    #[arg(long, value_name = "PATH", conflicts_with = "maze")]
    level: Option<PathBuf>,
    /// A generated perfect maze of W×H cells instead of a level file.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    maze: Option<(u32, u32)>,
    /// The maze's random seed.
    #[arg(long, value_name = "N", requires = "maze", default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    wad: WadArgs,
}

/// A map of a Doom WAD, imported in memory. Checked by
/// [`WadArgs::named`] rather than by clap, so that a missing half or a
/// second level is an `error:` line with exit status 1, as a bad WAD is.
#[derive(Debug, Args)]
struct WadArgs {
    /// A Doom WAD (an IWAD, or a PWAD with its own textures) whose map
    /// `--map` names, imported in memory (no file is written), instead of
    /// a level file.
    #[arg(long, value_name = "WAD")]
    wad: Option<PathBuf>,
    /// The WAD's map, e.g. E1M1 or MAP01 (`mazewalker maps WAD` lists
    /// them); needs `--wad`. In `screenshot`, `--map` alone (no MAP, no
    /// `--wad`) renders the top-down map, as `--top-down` does.
    #[arg(long, value_name = "MAP", num_args = 0..=1, default_missing_value = "")]
    map: Option<String>,
}

#[derive(Debug, Args)]
struct ScreenshotArgs {
    #[command(flatten)]
    level: LevelArgs,
    /// Where to write the PNG.
    #[arg(long, value_name = "FILE.png")]
    out: PathBuf,
    /// Eye position (x,z); default the level's start. `--at=-3.5,2` and
    /// `--at -3.5,2` both work.
    #[arg(long, value_name = "X,Z", allow_hyphen_values = true, value_parser = parse_point)]
    at: Option<Vec2>,
    /// Heading in degrees (0 looks along +x, 90 along +z); default the level's.
    #[arg(long, value_name = "DEG", allow_negative_numbers = true)]
    yaw: Option<f32>,
    /// Pitch in degrees, positive looks up.
    #[arg(
        long,
        value_name = "DEG",
        allow_negative_numbers = true,
        default_value_t = 0.0
    )]
    pitch: f32,
    /// Image size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    size: (u32, u32),
    /// Draw the collider's debug lines.
    #[arg(long)]
    debug_lines: bool,
    /// Draw the HUD.
    #[arg(long)]
    hud: bool,
    /// Render the full top-down map of the whole level instead of the 3D
    /// view: fitted with a 5% margin, x right, z down, the eye's arrow at
    /// `--at` along `--yaw` (see docs/map.md). `--map` alone, without
    /// `--wad`, does the same.
    #[arg(long)]
    top_down: bool,
    /// `on` or `off`: whether the level's lamps light it; default the
    /// config file's `[render] lights`, on.
    #[arg(long, value_name = "on|off", value_parser = parse_on_off, action = clap::ArgAction::Set)]
    lights: Option<bool>,
}

#[derive(Debug, Args)]
struct ReplayArgs {
    #[command(flatten)]
    level: LevelArgs,
    /// Start position (x,z); default the level's start. `--from=-3.5,2` and
    /// `--from -3.5,2` both work.
    #[arg(long, value_name = "X,Z", allow_hyphen_values = true, value_parser = parse_point)]
    from: Option<Vec2>,
    /// Ghost mode: moves pass through walls unchanged.
    #[arg(long)]
    ghost: bool,
    /// Reject policy: a move that would end too close to a wall is refused whole.
    #[arg(long)]
    reject: bool,
    /// After each tick's `x z`, one `body I X Z ANGLE` line per loose body
    /// that moved in that tick.
    #[arg(long)]
    bodies: bool,
    /// Print `x z FEET EYE` after each tick: the feet's height and the
    /// eye's height as the camera shows it.
    #[arg(long)]
    heights: bool,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("offline").args(["headless", "timedemo"]).multiple(true)))]
struct PlayArgs {
    /// The demo file (see docs/demo-format.md).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Play without a window: print the final `x z yaw` (exit status 0), or
    /// the first check line that does not match (exit status 3).
    #[arg(long)]
    headless: bool,
    /// Print `T X Z YAW` after every tick T.
    #[arg(long, conflicts_with = "timedemo")]
    trace: bool,
    /// Play on this level instead of the recorded one (the demo's level
    /// hash is then likely to differ: a warning, and it plays anyway).
    #[command(flatten)]
    level: LevelArgs,
    /// Render every tick offscreen as fast as possible (no display needed),
    /// as the window draws it (door leaves, the torch; the HUD with
    /// `--hud`), and print
    /// `N frames in S s: F fps, mean M ms, p99 P ms, peak R MB`.
    #[arg(long)]
    timedemo: bool,
    /// Timedemo image size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size, requires = "timedemo")]
    size: (u32, u32),
    /// Timedemo per-pixel quality (as for the window).
    #[arg(long, value_enum, default_value_t = QualityChoice::Auto, requires = "timedemo")]
    quality: QualityChoice,
    /// `on` or `off`: whether the level's lamps light the timedemo; default the
    /// config file's `[render] lights`, on.
    #[arg(long, value_name = "on|off", value_parser = parse_on_off, action = clap::ArgAction::Set, requires = "timedemo")]
    lights: Option<bool>,
    /// Draw the collider's debug lines in every timedemo frame (the
    /// window's L key).
    #[arg(long, requires = "timedemo")]
    debug_lines: bool,
    /// Draw the HUD's lines in every timedemo frame, as `screenshot --hud`
    /// draws them (the frame rate shown as `-`).
    #[arg(long, requires = "timedemo")]
    hud: bool,
    /// Also write the last frame the timedemo drew as a PNG (not timed).
    #[arg(long, value_name = "FILE.png", requires = "timedemo")]
    shot: Option<PathBuf>,
    /// Render the demo's sound into this WAV file (48 kHz, 16-bit
    /// stereo), as the window would play it; the same bytes on every run.
    /// Needs `--headless` or `--timedemo` (where it is mixed beside the
    /// frames, and timed with them).
    #[arg(long, value_name = "OUT.wav", requires = "offline")]
    sound_out: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// The level file to validate.
    #[arg(value_name = "LEVEL", required_unless_present_any = ["maze", "wad", "map"])]
    path: Option<PathBuf>,
    /// Check a generated maze instead.
    #[arg(long, value_name = "WxH", value_parser = parse_size, conflicts_with = "path")]
    maze: Option<(u32, u32)>,
    /// The maze's random seed.
    #[arg(long, value_name = "N", requires = "maze", default_value_t = 1)]
    seed: u64,
    /// Check a Doom map instead, imported in memory.
    #[command(flatten)]
    wad: WadArgs,
}

#[derive(Debug, Args)]
struct MapsArgs {
    /// The WAD file (an IWAD or a PWAD).
    #[arg(value_name = "WAD")]
    wad: PathBuf,
}

#[derive(Debug, Args)]
struct ImportArgs {
    /// The WAD file (an IWAD, or a PWAD with its own textures).
    #[arg(value_name = "WAD")]
    wad: PathBuf,
    /// The map's marker, e.g. E1M1 or MAP01.
    #[arg(value_name = "MAP")]
    map: String,
    /// The level file to write.
    #[arg(long, value_name = "FILE.toml")]
    out: PathBuf,
}

#[derive(Debug, Args)]
struct ConfigArgs {
    /// Print where the config file is read from instead.
    #[arg(long)]
    path: bool,
}

fn main() -> ExitCode {
    mazewalker::platform::init_logging();
    let cli = parse_cli(mazewalker::platform::arguments()).unwrap_or_else(|error| error.exit());
    let _runtime_dir = quiet_headless_run(&cli);
    match run(cli) {
        Ok(code) => code,
        Err(error) => {
            mazewalker::platform::report_error(&format!("{error:#}"));
            ExitCode::FAILURE
        }
    }
}

/// Points `XDG_RUNTIME_DIR` at a private folder for the commands that open
/// a device without a window (`screenshot`, `play --headless` or
/// `--timedemo`) when it is unusable, so Mesa stays quiet; the folder goes
/// when the returned guard does.
fn quiet_headless_run(cli: &Cli) -> Option<mazewalker::render::PrivateRuntimeDir> {
    let headless = match &cli.command {
        Some(Command::Screenshot(_)) => true,
        Some(Command::Play(args)) => args.headless || args.timedemo,
        _ => false,
    };
    if !headless {
        return None;
    }
    let folder = mazewalker::render::PrivateRuntimeDir::create_if_needed()?;
    // SAFETY: called from `main` before any other thread exists (the logger
    // starts none), so nothing reads the environment concurrently.
    unsafe { std::env::set_var("XDG_RUNTIME_DIR", folder.path()) };
    Some(folder)
}

/// Parses the command line. The window's flags are refused before a
/// subcommand (`mazewalker --ghost replay`) instead of being ignored; only
/// the global `--config` may stand anywhere.
fn parse_cli(
    args: impl IntoIterator<Item = impl Into<std::ffi::OsString> + Clone>,
) -> Result<Cli, clap::Error> {
    let mut command = Cli::command();
    let matches = command.try_get_matches_from_mut(args)?;
    if let Some((subcommand, _)) = matches.subcommand() {
        let window_flag = matches.ids().find(|id| {
            id.as_str() != "config"
                && matches.value_source(id.as_str()) == Some(ValueSource::CommandLine)
        });
        if let Some(flag) = window_flag {
            return Err(command.error(
                ErrorKind::ArgumentConflict,
                format!("--{flag} is a window flag; it cannot be used with `{subcommand}`"),
            ));
        }
    }
    Cli::from_arg_matches(&matches)
}

fn run(mut cli: Cli) -> anyhow::Result<ExitCode> {
    let config_path = config_path(cli.config.as_deref());
    let config = config_path.as_deref();
    match cli.command.take() {
        None => open_window(cli, config)?,
        Some(Command::Screenshot(args)) => screenshot(&args, config)?,
        Some(Command::Replay(args)) => replay(&args)?,
        Some(Command::Check(args)) => check(args)?,
        Some(Command::Config(args)) => return print_config(&args, config_path),
        Some(Command::Play(args)) => return play(&args, config),
        Some(Command::Maps(args)) => list_maps(&args)?,
        Some(Command::Import(args)) => import_map(&args)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// No subcommand: the window, on the level the arguments choose, with the
/// settings file's options under the flags.
fn open_window(cli: Cli, config_path: Option<&Path>) -> anyhow::Result<()> {
    let choice = cli.level.named()?.unwrap_or(LevelChoice::DefaultHouse);
    let mut defaults = window_options(config_path);
    if let Some(sound) = cli.sound {
        defaults.settings.sound.enabled = sound;
    }
    let options = WindowOptions {
        vsync: cli.vsync.unwrap_or(defaults.vsync),
        move_options: move_options(cli.ghost, cli.reject),
        size: cli.size,
        quality: cli.quality.map_or(defaults.quality, RenderQuality::chosen),
        watch: !cli.no_watch,
        record: cli.record,
        map_all: cli.map_all,
        lights: cli.lights.unwrap_or(defaults.lights),
        ..defaults
    };
    app::run_window(choice, options)
}

/// `screenshot`: one frame offscreen, written as a PNG.
fn screenshot(args: &ScreenshotArgs, config_path: Option<&Path>) -> anyhow::Result<()> {
    let top_down = args.top_down || args.level.wad.is_bare_map();
    let level = if args.level.wad.is_bare_map() {
        let choice = args.level.named_besides_map()?;
        app::load_level(&choice.unwrap_or(LevelChoice::DefaultHouse), &mut |_| {})?.level
    } else {
        load(&args.level)?
    };
    let options = ScreenshotOptions {
        at: args.at,
        yaw_degrees: args.yaw,
        pitch_degrees: args.pitch,
        size: args.size,
        debug_lines: args.debug_lines,
        hud: args.hud,
        map: top_down,
        lights: args
            .lights
            .unwrap_or_else(|| window_options(config_path).lights),
    };
    app::screenshot(level, &options, &args.out)
}

/// `replay`: ticks from stdin, positions (and bodies) to stdout.
fn replay(args: &ReplayArgs) -> anyhow::Result<()> {
    let level = load(&args.level)?;
    let start = args.from.unwrap_or(level.player.start);
    let options = move_options(args.ghost, args.reject);
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    let start = mazewalker::replay::ReplayStart::on_level(&level, start);
    let collider = level.walking_collider(&std::sync::Arc::new(level.collider()));
    let printed = mazewalker::replay::ReplayOutput {
        bodies: args.bodies,
        heights: args.heights,
    };
    mazewalker::replay::replay(&collider, start, &options, printed, stdin, stdout)?;
    Ok(())
}

/// `check`: loads the level (errors end it), then prints the warnings and
/// the `ok:` line. A big file shows its progress on stderr while it is
/// checked, when stderr is a terminal.
fn check(args: CheckArgs) -> anyhow::Result<()> {
    let named = match (args.path, args.maze) {
        (_, Some((width, height))) => Some(LevelChoice::Maze {
            width,
            height,
            seed: args.seed,
        }),
        (Some(path), None) => Some(LevelChoice::File(path)),
        (None, None) => None,
    };
    let choice = args
        .wad
        .named(named.as_ref())?
        .or(named)
        .unwrap_or(LevelChoice::DefaultHouse);
    let progress = match &choice {
        LevelChoice::File(path) => TerminalProgress::for_file(path),
        LevelChoice::DefaultHouse | LevelChoice::Maze { .. } | LevelChoice::Wad { .. } => None,
    };
    let loaded = match (&choice, &progress) {
        (LevelChoice::File(path), Some(progress)) => {
            Level::load_reporting(path, &mut |bytes| progress.read(bytes))
        }
        _ => choice.load(),
    }
    .map_err(|error| anyhow::anyhow!("{error}"))?;
    let floor = mazewalker::map::check_floor_plan(&loaded.level, &mut |what| {
        progress.iter().for_each(|progress| progress.stage(what));
    });
    progress.into_iter().for_each(TerminalProgress::finish);
    for warning in &loaded.warnings {
        eprintln!("warning: {warning}");
    }
    for warning in &floor.warnings {
        eprintln!("warning: {warning}");
    }
    if !floor.reach_checked {
        eprintln!("note: {}", mazewalker::map::TOO_LARGE_FOR_REACH);
    }
    let floors = match loaded.level.floors.len() {
        0 => String::new(),
        count => format!(", {count} floors"),
    };
    println!(
        "ok: {:?}: {} walls, {} obstacles{floors}, {} warnings",
        loaded.level.name,
        loaded.level.walls.len(),
        loaded.level.obstacles.len(),
        loaded.warnings.len() + floor.warnings.len()
    );
    Ok(())
}

/// `maps`: one `NAME FORMAT` line per map of the WAD.
fn list_maps(args: &MapsArgs) -> anyhow::Result<()> {
    use std::io::Write as _;
    let wad = Wad::open(&args.wad).map_err(|error| anyhow::anyhow!("{error}"))?;
    let mut stdout = io::stdout().lock();
    for map in wad.maps() {
        writeln!(stdout, "{map}")?;
    }
    Ok(())
}

/// `import`: the map as a level file and its textures beside it, the
/// warnings on stderr, the summary line on stdout.
fn import_map(args: &ImportArgs) -> anyhow::Result<()> {
    use mazewalker::level::wad::import;
    let wad = Wad::open(&args.wad).map_err(|error| anyhow::anyhow!("{error}"))?;
    let folder = import::textures_folder(&args.out);
    let imported =
        import::import_map(&wad, &args.map, &folder).map_err(|error| anyhow::anyhow!("{error}"))?;
    for warning in &imported.warnings {
        eprintln!("warning: {warning}");
    }
    imported.save(&args.out)?;
    println!("{}", imported.summary_line());
    Ok(())
}

/// `config`: the settings file's path, or the effective settings; exit
/// status 1 when the file has an error.
fn print_config(args: &ConfigArgs, config_path: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    if args.path {
        let path = config_path.ok_or_else(|| anyhow::anyhow!(no_config_location()))?;
        println!("{}", path.display());
        return Ok(ExitCode::SUCCESS);
    }
    let (settings, error) = Config::load_or_default(config_path.as_deref());
    print!("{}", settings.to_toml());
    if let Some(error) = error {
        eprintln!("error: {error}\nThe settings above are the defaults the program runs with.");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// The config file the arguments and the environment name; `None`, with a
/// warning, when none is known (no `--config`, no `MAZEWALKER_CONFIG`, no
/// home folder).
fn config_path(flag: Option<&Path>) -> Option<PathBuf> {
    let path = config::config_path(flag);
    if path.is_none() {
        log::warn!("{}", no_config_location());
    }
    path
}

/// Why no config file is read when no location is known.
fn no_config_location() -> String {
    format!(
        "no config folder known (no home folder): pass --config PATH or set {}",
        config::CONFIG_ENV
    )
}

/// The window's options from the settings file (its error, if any, goes to
/// stderr and the HUD, and the defaults are used).
fn window_options(config_path: Option<&Path>) -> WindowOptions {
    let (settings, error) = Config::load_or_default(config_path);
    if let Some(error) = &error {
        eprintln!("warning: {error}\nwarning: running with the default settings");
    }
    WindowOptions {
        vsync: settings.render.vsync,
        lights: settings.render.lights,
        quality: RenderQuality::chosen(settings.render.quality),
        settings_error: error.map(|error| error.to_string()),
        settings,
        ..WindowOptions::default()
    }
}

/// `mazewalker play`: in the window, headless, or as a timedemo.
fn play(args: &PlayArgs, config_path: Option<&Path>) -> anyhow::Result<ExitCode> {
    if !args.headless && !args.timedemo {
        let options = WindowOptions {
            watch: false,
            ..window_options(config_path)
        };
        app::play_in_window(&args.file, args.level.named()?, options)?;
        return Ok(ExitCode::SUCCESS);
    }
    let playback = OpenedDemo::open(&args.file, args.level.named()?)?;
    for warning in &playback.warnings {
        eprintln!("warning: {warning}");
    }
    let mut stdout = mazewalker::platform::program_output();
    let sound_out = args.sound_out.clone().map(|path| SoundOut {
        path,
        options: window_options(config_path).settings.sound,
    });
    let played = if args.timedemo {
        let options = TimedemoOptions {
            size: args.size,
            quality: RenderQuality::chosen(args.quality),
            lights: args
                .lights
                .unwrap_or_else(|| window_options(config_path).lights),
            debug_lines: args.debug_lines,
            hud: args.hud,
            shot: args.shot.clone(),
            sound_out,
        };
        app::run_timedemo(playback, &options, &mut stdout)?
    } else {
        app::play_headless(playback, args.trace, sound_out.as_ref(), &mut stdout)?
    };
    Ok(match played {
        Played::Finished { .. } => ExitCode::SUCCESS,
        Played::Desync(_) => ExitCode::from(EXIT_DESYNC),
    })
}

impl LevelArgs {
    /// The level these arguments name, if they name one; an error when
    /// `--wad` and `--map` come without each other or with a second level.
    fn named(&self) -> anyhow::Result<Option<LevelChoice>> {
        let named = self.file_or_maze();
        Ok(self.wad.named(named.as_ref())?.or(named))
    }

    /// The level these arguments name beside a bare `--map`
    /// (`screenshot`'s top-down map), which names none: a file or a maze.
    fn named_besides_map(&self) -> anyhow::Result<Option<LevelChoice>> {
        if self.wad.wad.is_some() {
            // A WAD and a bare `--map`: the map to open is missing, which
            // `WadArgs::named` says.
            self.wad.named(None)?;
        }
        Ok(self.file_or_maze())
    }

    /// The level file or the maze these arguments name, if either.
    fn file_or_maze(&self) -> Option<LevelChoice> {
        match (&self.level, self.maze) {
            (Some(path), _) => Some(LevelChoice::File(path.clone())),
            (None, Some((width, height))) => Some(LevelChoice::Maze {
                width,
                height,
                seed: self.seed,
            }),
            (None, None) => None,
        }
    }
}

impl WadArgs {
    /// Whether `--map` came without a MAP: `screenshot`'s top-down map.
    fn is_bare_map(&self) -> bool {
        self.map.as_deref() == Some("")
    }

    /// The WAD's map these arguments name, if they name one; an error when
    /// `--wad` or `--map` comes without the other, or beside `other`, a
    /// second level named on the command line.
    fn named(&self, other: Option<&LevelChoice>) -> anyhow::Result<Option<LevelChoice>> {
        let map = self.map.as_ref().filter(|map| !map.is_empty());
        if self.is_bare_map() && self.wad.is_none() {
            anyhow::bail!("--map needs a MAP and --wad WAD, the WAD file that holds it");
        }
        let choice = match (&self.wad, map) {
            (None, None) => return Ok(None),
            (Some(wad), None) => anyhow::bail!(
                "--wad {} needs --map MAP, the map to open (`mazewalker maps {0}` lists them)",
                wad.display()
            ),
            (None, Some(map)) => {
                anyhow::bail!("--map {map} needs --wad WAD, the WAD file that holds it")
            }
            (Some(wad), Some(map)) => LevelChoice::Wad {
                wad: wad.clone(),
                map: map.clone(),
            },
        };
        if let Some(other) = other {
            anyhow::bail!(
                "{} cannot be used with {}: name one level",
                as_named(&choice),
                as_named(other)
            );
        }
        Ok(Some(choice))
    }
}

/// How the command line names `choice`, for an error that quotes it.
fn as_named(choice: &LevelChoice) -> String {
    match choice {
        LevelChoice::DefaultHouse => "the house".to_owned(),
        LevelChoice::File(path) => format!("the level file {}", path.display()),
        LevelChoice::Maze { width, height, .. } => format!("--maze {width}x{height}"),
        LevelChoice::Wad { wad, map } => format!("--wad {} --map {map}", wad.display()),
    }
}

/// Loads the level the arguments name (the default house if none),
/// printing its warnings to stderr.
fn load(args: &LevelArgs) -> anyhow::Result<Level> {
    let choice = args.named()?.unwrap_or(LevelChoice::DefaultHouse);
    Ok(app::load_level(&choice, &mut |_| {})?.level)
}

fn move_options(ghost: bool, reject: bool) -> MoveOptions {
    MoveOptions {
        ghost,
        policy: if reject {
            MovePolicy::Reject
        } else {
            MovePolicy::Slide
        },
        ..MoveOptions::default()
    }
}

/// Parses `WxH` (also `W×H`), e.g. `1280x720` or `40x30`.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (width, height) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("expected WxH, e.g. 1280x720, got {text:?}"))?;
    let parse = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|&value| value > 0)
            .ok_or_else(|| format!("expected a positive whole number, got {part:?}"))
    };
    Ok((parse(width)?, parse(height)?))
}

/// Parses `X,Z`, e.g. `-3.5,2`.
fn parse_point(text: &str) -> Result<Vec2, String> {
    let (x, z) = text
        .split_once(',')
        .ok_or_else(|| format!("expected X,Z, e.g. -3.5,2, got {text:?}"))?;
    let parse = |part: &str| {
        part.trim()
            .parse::<f32>()
            .ok()
            .filter(|value| value.is_finite())
            .ok_or_else(|| format!("expected a finite number, got {part:?}"))
    };
    Ok(Vec2::new(parse(x)?, parse(z)?))
}

/// Parses `on` / `off`.
fn parse_on_off(text: &str) -> Result<bool, String> {
    match text {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(format!("expected on or off, got {other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        parse_cli(std::iter::once("mazewalker").chain(args.iter().copied()))
    }

    #[test]
    fn window_flags_parse() {
        let cli = parse(&[]).expect("no arguments");
        assert_eq!(cli.vsync, None);
        assert_eq!(cli.quality, None);
        let cli =
            parse(&["--vsync", "off", "--quality", "full", "--size", "640x480"]).expect("flags");
        assert_eq!(cli.vsync, Some(false));
        assert_eq!(cli.quality, Some(QualityChoice::Full));
        assert_eq!(cli.size, (640, 480));
        assert_eq!(parse(&["--vsync=on"]).expect("on").vsync, Some(true));
        assert!(parse(&["--vsync", "maybe"]).is_err());
        assert_eq!(parse(&[]).expect("no flags").lights, None);
        assert_eq!(
            parse(&["--lights", "off"]).expect("off").lights,
            Some(false)
        );
        assert_eq!(parse(&["--lights=on"]).expect("on").lights, Some(true));
        assert!(parse(&["--lights", "dim"]).is_err());
        assert_eq!(parse(&[]).expect("no flags").sound, None);
        assert_eq!(parse(&["--sound", "off"]).expect("off").sound, Some(false));
        assert!(parse(&["--sound", "loud"]).is_err());
        assert!(parse(&["--quality", "ultra"]).is_err());
    }

    #[test]
    fn config_is_a_global_flag() {
        for args in [
            &["--config", "a.toml"][..],
            &["--config", "a.toml", "config", "--path"],
            &["config", "--config", "a.toml"],
            &["screenshot", "--out", "x.png", "--config", "a.toml"],
        ] {
            let cli = parse(args).unwrap_or_else(|error| panic!("{args:?}: {error}"));
            assert_eq!(cli.config, Some(PathBuf::from("a.toml")), "{args:?}");
        }
        let error = parse(&["--ghost", "replay"]).expect_err("a window flag");
        assert!(error.to_string().contains("--ghost"), "{error}");
        assert!(parse(&["--maze", "4x4", "check", "--maze", "4x4"]).is_err());
        let cli = parse(&["config", "--path"]).expect("config --path");
        assert!(matches!(
            cli.command,
            Some(Command::Config(ConfigArgs { path: true }))
        ));
    }

    #[test]
    fn play_flags_parse_and_timedemo_flags_need_timedemo() {
        let cli = parse(&[
            "play",
            "walk.demo",
            "--headless",
            "--trace",
            "--maze",
            "24x24",
        ])
        .expect("headless play");
        match cli.command {
            Some(Command::Play(args)) => {
                assert!(args.headless && args.trace && !args.timedemo);
                assert_eq!(
                    args.level.named().expect("one level"),
                    Some(LevelChoice::Maze {
                        width: 24,
                        height: 24,
                        seed: 1
                    })
                );
            }
            other => panic!("parsed as {other:?}"),
        }
        let cli =
            parse(&["play", "walk.demo", "--timedemo", "--size", "320x200"]).expect("timedemo");
        match cli.command {
            Some(Command::Play(args)) => {
                assert!(args.timedemo && args.level.named().expect("no level").is_none());
                assert_eq!(args.size, (320, 200));
                assert!(!args.debug_lines && args.shot.is_none());
            }
            other => panic!("parsed as {other:?}"),
        }
        let cli = parse(&[
            "play",
            "walk.demo",
            "--timedemo",
            "--debug-lines",
            "--shot",
            "last.png",
        ])
        .expect("timedemo with a shot");
        match cli.command {
            Some(Command::Play(args)) => {
                assert!(args.debug_lines);
                assert_eq!(args.shot, Some(PathBuf::from("last.png")));
            }
            other => panic!("parsed as {other:?}"),
        }
        assert!(parse(&["play", "walk.demo", "--headless", "--size", "320x200"]).is_err());
        assert!(parse(&["play", "walk.demo", "--shot", "last.png"]).is_err());
        assert!(parse(&["play", "walk.demo", "--headless", "--debug-lines"]).is_err());
        assert!(parse(&["play", "walk.demo", "--headless", "--hud"]).is_err());
        assert!(parse(&["play", "walk.demo", "--timedemo", "--trace"]).is_err());
        assert!(parse(&["play", "walk.demo", "--sound-out", "walk.wav"]).is_err());
        for offline in ["--headless", "--timedemo"] {
            let cli = parse(&["play", "walk.demo", offline, "--sound-out", "walk.wav"])
                .unwrap_or_else(|error| panic!("{offline}: {error}"));
            match cli.command {
                Some(Command::Play(args)) => {
                    assert_eq!(args.sound_out, Some(PathBuf::from("walk.wav")));
                }
                other => panic!("parsed as {other:?}"),
            }
        }
        assert!(parse(&["play"]).is_err());
        let cli =
            parse(&["--record", "walk.demo", "--maze", "8x8", "--seed", "3"]).expect("record");
        assert_eq!(cli.record, Some(PathBuf::from("walk.demo")));
    }

    #[test]
    fn wad_and_map_name_a_doom_map_wherever_a_level_goes() {
        let doom_map = Some(LevelChoice::Wad {
            wad: PathBuf::from("doom.wad"),
            map: "E1M1".to_owned(),
        });
        let wad = ["--wad", "doom.wad", "--map", "E1M1"];
        let cli = parse(&wad).expect("the window");
        assert_eq!(cli.level.named().expect("one level"), doom_map);
        let commands: [&[&str]; 3] = [
            &["screenshot", "--out", "a.png", "--top-down"],
            &["replay"],
            &["play", "walk.demo", "--headless"],
        ];
        for command in commands {
            let cli = parse(&[command, &wad].concat())
                .unwrap_or_else(|error| panic!("{command:?}: {error}"));
            let level = match cli.command {
                Some(Command::Screenshot(args)) => args.level,
                Some(Command::Replay(args)) => args.level,
                Some(Command::Play(args)) => args.level,
                other => panic!("parsed as {other:?}"),
            };
            assert_eq!(level.named().expect("one level"), doom_map, "{command:?}");
        }
        let cli = parse(&[&["check"][..], &wad].concat()).expect("check");
        match cli.command {
            Some(Command::Check(args)) => {
                assert_eq!(args.wad.named(None).expect("one level"), doom_map);
            }
            other => panic!("parsed as {other:?}"),
        }
        let bare = parse(&["screenshot", "--out", "a.png", "--map", "--at", "1,2"]).expect("bare");
        match bare.command {
            Some(Command::Screenshot(args)) => {
                assert!(args.level.wad.is_bare_map());
                assert_eq!(args.level.named_besides_map().expect("the house"), None);
                assert!(args.level.named().is_err(), "a bare --map names no level");
            }
            other => panic!("parsed as {other:?}"),
        }
        let half = parse(&["replay", "--map", "E1M1"]).expect("parses");
        match half.command {
            Some(Command::Replay(args)) => assert!(args.level.named().is_err()),
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn points_and_sizes_parse_with_negative_numbers() {
        assert_eq!(parse_point("-3.5,2"), Ok(Vec2::new(-3.5, 2.0)));
        assert!(parse_point("1;2").is_err());
        assert!(parse_point("nan,2").is_err());
        assert_eq!(parse_size("40x30"), Ok((40, 30)));
        assert!(parse_size("0x30").is_err());
        let cli = parse(&["replay", "--from", "-3.5,2"]).expect("replay --from");
        match cli.command {
            Some(Command::Replay(args)) => assert_eq!(args.from, Some(Vec2::new(-3.5, 2.0))),
            other => panic!("parsed as {other:?}"),
        }
    }
}
