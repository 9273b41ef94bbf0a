//! The settings file: every key with its default, errors with line, column
//! and "did you mean", conflicting bindings, the mouse and field-of-view
//! settings reaching the camera, and `mazewalker config`.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use glam::{DVec2, Vec3, Vec4};
use mazewalker::bindings::{Action, Context};
use mazewalker::camera::Camera;
use mazewalker::collision::Collider;
use mazewalker::config::{
    Config, ConfigError, GamepadButton, GamepadSettings, MouseSettings, MovementSettings,
    QualityChoice, RenderSettings, SoundSettings, ViewSettings,
};
use mazewalker::level::Level;
use mazewalker::simulation::Simulation;
use mazewalker::walker::{TickInput, Walker};
use winit::keyboard::KeyCode;

/// The input contexts active while walking.
const WALKING: [Context; 2] = [Context::Walking, Context::Always];

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::from_toml_str(text, Path::new("config.toml"))
}

fn error(text: &str) -> String {
    match parse(text) {
        Ok(config) => panic!("parsed, expected an error: {config:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn an_empty_file_is_every_default() {
    assert_eq!(parse("").expect("empty file"), Config::default());
    let defaults = Config::default();
    assert_eq!(defaults.mouse.sensitivity, 0.126);
    assert!(!defaults.mouse.invert_y);
    assert_eq!(defaults.view.fov, 90.0);
    assert_eq!(defaults.view.far, 500.0);
    assert_eq!(defaults.movement.accelerate, 0.0);
    assert_eq!(defaults.render.quality, QualityChoice::Auto);
    assert!(defaults.render.vsync);
    assert!(defaults.sound.enabled && defaults.sound.footsteps);
    assert_eq!(defaults.sound.volume, 0.8);
}

#[test]
fn every_key_is_read_and_the_rest_keep_their_defaults() {
    let config = parse(
        r#"
[mouse]
sensitivity = 0.05
invert_y = true

[view]
fov = 110
far = 800.5

[movement]
walk_speed = 2.5
run_speed = 7
turn_speed = 120
accelerate = 10
friction = 4
stop_speed = 2.5

[render]
quality = "fast"
vsync = false
lights = false

[sound]
enabled = false
volume = 0.25
footsteps = false

[bindings]
move_forward = ["KeyZ", "ArrowUp"]
ghost = ["KeyN"]

[gamepad]
dead_zone = 0.2
response_curve = 1.5
look_speed = 240
run = ["LeftThumb"]
ghost = ["South"]
map = ["DPadUp"]
edit = ["Mode"]
"#,
    )
    .expect("valid");
    assert_eq!(
        config.mouse,
        MouseSettings {
            sensitivity: 0.05,
            invert_y: true
        }
    );
    assert_eq!(
        config.view,
        ViewSettings {
            fov: 110.0,
            far: 800.5
        }
    );
    assert_eq!(
        config.movement,
        MovementSettings {
            walk_speed: 2.5,
            run_speed: 7.0,
            turn_speed: 120.0,
            accelerate: 10.0,
            friction: 4.0,
            stop_speed: 2.5,
        }
    );
    assert_eq!(
        config.render,
        RenderSettings {
            quality: QualityChoice::Fast,
            vsync: false,
            lights: false,
        }
    );
    assert_eq!(
        config.sound,
        SoundSettings {
            enabled: false,
            volume: 0.25,
            footsteps: false,
        }
    );
    assert_eq!(
        config.gamepad,
        GamepadSettings {
            dead_zone: 0.2,
            response_curve: 1.5,
            look_speed: 240.0,
            run: vec![GamepadButton::LeftThumb],
            ghost: vec![GamepadButton::South],
            map: vec![GamepadButton::DPadUp],
            edit: vec![GamepadButton::Mode],
        }
    );
    let forward: Vec<KeyCode> = config.bindings.keys_for(Action::MoveForward).collect();
    assert_eq!(forward, [KeyCode::KeyZ, KeyCode::ArrowUp]);
    assert_eq!(config.bindings.action_for(KeyCode::KeyW, &WALKING), None);
    assert_eq!(
        config.bindings.action_for(KeyCode::KeyN, &WALKING),
        Some(Action::ToggleGhost)
    );
    assert_eq!(config.bindings.action_for(KeyCode::KeyG, &WALKING), None);
    // Not listed: keeps its default.
    assert_eq!(
        config.bindings.action_for(KeyCode::KeyS, &WALKING),
        Some(Action::MoveBackward)
    );
}

#[test]
fn a_partial_table_keeps_the_other_keys_of_that_table() {
    let config = parse("[view]\nfov = 100\n").expect("valid");
    assert_eq!(config.view.fov, 100.0);
    assert_eq!(config.view.far, ViewSettings::default().far);
    assert_eq!(config.mouse, MouseSettings::default());
}

#[test]
fn an_unknown_key_names_line_column_and_the_likely_key() {
    let message = error("[mouse]\ninvert_y = true\nsensitivty = 0.2\n");
    assert!(
        message
            .starts_with("config.toml:3:1: unknown key `sensitivty`, did you mean `sensitivity`?"),
        "{message}"
    );
    assert!(message.contains("3 | sensitivty = 0.2"), "{message}");
    let message = error("[veiw]\nfov = 100\n");
    assert!(
        message.starts_with("config.toml:1:2: unknown key `veiw`, did you mean `view`?"),
        "{message}"
    );
    let message = error("[bindings]\nmove_froward = [\"KeyW\"]\n");
    assert!(
        message.starts_with(
            "config.toml:2:1: unknown key `move_froward`, did you mean `move_forward`?"
        ),
        "{message}"
    );
}

#[test]
fn a_bad_value_names_line_column_and_the_key() {
    let message = error("[view]\nfov = 150\n");
    assert!(
        message.starts_with("config.toml:2:7: `fov` must be between 60 and 120, not 150"),
        "{message}"
    );
    let message = error("[mouse]\n\nsensitivity = \"fast\"\n");
    assert!(
        message.starts_with("config.toml:3:15: invalid type: string \"fast\", expected a number"),
        "{message}"
    );
    let message = error("[movement]\nwalk_speed = nan\n");
    assert!(
        message.starts_with("config.toml:2:14: `walk_speed`"),
        "{message}"
    );
    let message = error("[render]\nquality = \"ful\"\n");
    assert!(
        message.starts_with("config.toml:2:11: unknown value `ful`, did you mean `full`?"),
        "{message}"
    );
    let message = error("[bindings]\nrun = [\"ShiftLeft\", \"Shfit\"]\n");
    assert!(
        message.starts_with("config.toml:2:21: unknown value `Shfit`"),
        "{message}"
    );
    let message = error("[bindings]\nghost = [\"Kyeg\"]\n");
    assert!(message.contains("did you mean `KeyG`?"), "{message}");
    let message = error("[gamepad]\nrun = [\"Soth\"]\n");
    assert!(
        message.starts_with("config.toml:2:8: unknown value `Soth`, did you mean `South`?"),
        "{message}"
    );
    let message = error("[gamepad]\ndead_zone = 1.5\n");
    assert!(
        message.starts_with("config.toml:2:13: `dead_zone` must be between 0 and 0.9"),
        "{message}"
    );
}

#[test]
fn a_key_bound_to_two_actions_names_both_at_the_binding() {
    let message = error("[bindings]\nhud = [\"F1\"]\n");
    assert!(
        message.starts_with("config.toml:2:8: `F1` is bound to both `hud` and `help`"),
        "{message}"
    );
    let message = error("[bindings]\nghost = [\"KeyN\"]\nscreenshot = [\"F2\", \"KeyN\"]\n");
    assert!(
        message.starts_with("config.toml:3:21: `KeyN` is bound to both `ghost` and `screenshot`"),
        "{message}"
    );
    // Moving the first action off the key resolves it.
    let config = parse("[bindings]\nhud = [\"F1\"]\nhelp = [\"F2\"]\n").expect("no conflict");
    assert_eq!(
        config.bindings.action_for(KeyCode::F1, &WALKING),
        Some(Action::ToggleHud)
    );
}

#[test]
fn a_gamepad_button_for_two_actions_names_both() {
    let message = error("[gamepad]\nmap = [\"North\"]\n");
    assert!(
        message.starts_with("config.toml:1:1: `North` is listed for both `ghost` and `map`"),
        "{message}"
    );
}

#[test]
fn a_bad_file_still_gives_the_defaults_and_the_error() {
    let dir = common::scratch_folder("config-bad-file");
    let path = dir.join("config.toml");
    std::fs::write(&path, "[view]\nfov = 10\n").expect("write");
    let (config, error) = Config::load_or_default(Some(&path));
    assert_eq!(config, Config::default());
    let error = error.expect("an error").to_string();
    assert!(
        error.starts_with(&format!("{}:2:7: `fov`", path.display())),
        "{error}"
    );
    let (config, error) = Config::load_or_default(Some(&dir.join("missing.toml")));
    assert_eq!(config, Config::default());
    assert!(error.is_none());
}

#[test]
fn printed_settings_read_back_the_same() {
    let defaults = Config::default();
    assert_eq!(parse(&defaults.to_toml()).expect("defaults"), defaults);
    let custom = parse(
        "[mouse]\nsensitivity = 0.0731\ninvert_y = true\n[view]\nfov = 61.5\n\
         [render]\nquality = \"full\"\n[bindings]\nrun = []\nscreenshot = [\"F12\", \"Digit9\"]\n\
         [gamepad]\nrun = [\"RightTrigger2\"]\n",
    )
    .expect("valid");
    let printed = custom.to_toml();
    assert_eq!(parse(&printed).expect("printed"), custom, "{printed}");
    assert!(printed.contains("sensitivity = 0.0731\n"), "{printed}");
    assert!(printed.contains("run = []\n"), "{printed}");
    assert!(
        printed.contains("move_forward = [\"KeyW\", \"ArrowUp\"]\n"),
        "{printed}"
    );
}

/// A walker with `config`'s settings, turned by `ticks` ticks of `counts`
/// mouse counts each: the window's one path for the mouse.
fn turned_by_mouse(config: &Config, counts: (f64, f64), ticks: u32) -> (f32, f32) {
    let mut simulation = Simulation::alone(Walker::standing(Camera::new(Vec3::ZERO, 0.0)));
    simulation.walker.settings = config.walker_settings();
    let collider = Collider::new(Vec::new(), Vec::new(), 0.25);
    let input = TickInput {
        mouse: DVec2::new(counts.0, counts.1),
        ..TickInput::default()
    };
    for _ in 0..ticks {
        simulation.step(&input, &collider);
    }
    (simulation.walker.camera.yaw, simulation.walker.camera.pitch)
}

#[test]
fn the_same_mouse_counts_turn_the_same_angle_however_they_are_split() {
    let config = parse("[mouse]\nsensitivity = 0.2\n").expect("valid");
    // 600 counts in one tick (a slow frame) or in 60 ticks of 10.
    let (yaw_once, pitch_once) = turned_by_mouse(&config, (600.0, -300.0), 1);
    let (yaw_split, pitch_split) = turned_by_mouse(&config, (10.0, -5.0), 60);
    assert!((yaw_once - 120f32.to_radians()).abs() < 1e-5, "{yaw_once}");
    assert!((yaw_once - yaw_split).abs() < 1e-4);
    assert!((pitch_once - pitch_split).abs() < 1e-4);
    // Mouse pushed away (negative y) looks up.
    assert!(pitch_once > 0.0);
    // Sensitivity scales the angle linearly: twice the sensitivity turns
    // half the counts as far.
    let double = parse("[mouse]\nsensitivity = 0.4\n").expect("valid");
    let (yaw_double, _) = turned_by_mouse(&double, (300.0, 0.0), 1);
    assert!(
        (yaw_double - 120f32.to_radians()).abs() < 1e-5,
        "{yaw_double}"
    );
}

#[test]
fn invert_y_flips_the_pitch_only() {
    let normal = Config::default();
    let inverted = parse("[mouse]\ninvert_y = true\n").expect("valid");
    let (yaw, pitch) = turned_by_mouse(&normal, (37.0, 21.0), 1);
    let (yaw_inverted, pitch_inverted) = turned_by_mouse(&inverted, (37.0, 21.0), 1);
    assert_eq!(yaw_inverted, yaw);
    assert_eq!(pitch_inverted, -pitch);
    assert!(pitch < 0.0, "pulling the mouse back looks down");
}

#[test]
fn movement_feel_reaches_the_walker() {
    let config = parse(
        "[movement]\nwalk_speed = 2.0\naccelerate = 10.0\nfriction = 4.0\nstop_speed = 1.0\n",
    )
    .expect("valid");
    let settings = config.walker_settings();
    assert_eq!(settings.walk_speed, 2.0);
    assert_eq!(
        (settings.accelerate, settings.friction, settings.stop_speed),
        (10.0, 4.0, 1.0)
    );
}

#[test]
fn the_field_of_view_reaches_the_projection() {
    let config = parse("[view]\nfov = 110\n").expect("valid");
    let mut camera = Camera::new(Vec3::ZERO, 0.0);
    let default_projection = camera.projection(16.0 / 9.0);
    config.view.apply(&mut camera, 60.0);
    let projection = camera.projection(16.0 / 9.0);
    assert_ne!(projection, default_projection);
    // x' = x / (tan(fov/2) z): the matrix's x scale is 1 / tan(55°).
    let expected = 1.0 / 55f32.to_radians().tan();
    assert!(
        (projection.x_axis.x - expected).abs() < 1e-5,
        "{projection}"
    );
    // A point 55° to the right lands on the right edge of the screen.
    let edge = Vec3::new(55f32.to_radians().cos(), 0.0, 55f32.to_radians().sin()) * 5.0;
    let clip = camera.view_projection(16.0 / 9.0) * Vec4::from((edge, 1.0));
    assert!((clip.x / clip.w - 1.0).abs() < 1e-4, "{clip}");
}

#[test]
fn the_far_plane_covers_a_fog_beyond_500_metres() {
    let with_fog = |distance: &str| {
        let text = mazewalker::level::DEFAULT_HOUSE_TOML
            .replace("fog_distance = 60.0", &format!("fog_distance = {distance}"));
        assert_ne!(
            text,
            mazewalker::level::DEFAULT_HOUSE_TOML,
            "no fog to change"
        );
        text
    };
    let text = with_fog("2000.0");
    let level = Level::from_toml_str(&text, Path::new("far.toml"))
        .expect("fog beyond 500 m is allowed")
        .level;
    assert_eq!(level.environment.fog_distance, 2000.0);
    let mut camera = Camera::new(Vec3::ZERO, 0.0);
    Config::default()
        .view
        .apply(&mut camera, level.environment.fog_distance);
    assert!(camera.far > 2000.0, "far {}", camera.far);
    let clip = camera.view_projection(1.0) * Vec4::new(1990.0, 0.0, 0.0, 1.0);
    assert!(
        clip.z / clip.w < 1.0,
        "clipped at depth {}",
        clip.z / clip.w
    );

    let error = Level::from_toml_str(&with_fog("20000.0"), Path::new("far.toml"))
        .expect_err("fog past the cap")
        .to_string();
    assert!(
        error.contains("`fog_distance` must be at most 10000"),
        "{error}"
    );
}

#[test]
fn the_help_overlay_lists_a_rebound_key() {
    let config = parse("[bindings]\nghost = [\"KeyN\", \"F8\"]\n").expect("valid");
    let groups = config.bindings.help_groups();
    let help: Vec<&String> = groups.iter().flat_map(|group| &group.lines).collect();
    let ghost = help
        .iter()
        .find(|line| line.contains("ghost mode"))
        .expect("a ghost line");
    assert!(ghost.starts_with("N / F8 "), "{ghost}");
    assert!(ghost.contains(" ghost mode"), "{ghost}");
    assert!(!help.iter().any(|line| line.starts_with("G ")), "{help:#?}");
}

#[test]
fn docs_describe_every_printed_key() {
    let docs = include_str!("../../docs/config.md");
    let printed: toml::Table = toml::from_str(&Config::default().to_toml()).expect("TOML");
    for (section, table) in &printed {
        assert!(docs.contains(&format!("[{section}]")), "[{section}]");
        let table = table.as_table().expect("sections are tables");
        for key in table.keys() {
            assert!(docs.contains(&format!("`{key}`")), "[{section}] {key}");
        }
    }
}

// `mazewalker config`, end to end through the binary, in a clean environment.

/// Runs `mazewalker ARGS` with HOME and XDG_CONFIG_HOME in `home`, and
/// MAZEWALKER_CONFIG set to `env` or unset.
fn mazewalker(home: &Path, env: Option<&Path>, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mazewalker"));
    command
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("xdg"))
        .env_remove("MAZEWALKER_CONFIG");
    if let Some(env) = env {
        command.env("MAZEWALKER_CONFIG", env);
    }
    command.output().expect("run mazewalker")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn config_path_follows_flag_then_environment_then_xdg() {
    let home = common::scratch_folder("config-path");
    let flag = home.join("flag.toml");
    let env = home.join("env.toml");
    let flag_arg = flag.to_str().expect("path");
    let output = mazewalker(
        &home,
        Some(&env),
        &["config", "--path", "--config", flag_arg],
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert_eq!(stdout(&output).trim(), flag_arg);
    let output = mazewalker(
        &home,
        Some(&env),
        &["--config", flag_arg, "config", "--path"],
    );
    assert_eq!(stdout(&output).trim(), flag_arg);
    let output = mazewalker(&home, Some(&env), &["config", "--path"]);
    assert_eq!(stdout(&output).trim(), env.to_str().expect("path"));
    if cfg!(target_os = "linux") {
        let output = mazewalker(&home, None, &["config", "--path"]);
        let expected = home.join("xdg").join("mazewalker").join("config.toml");
        assert_eq!(stdout(&output).trim(), expected.to_str().expect("path"));
    }
}

#[test]
fn config_prints_the_effective_settings_as_a_file_that_reads_back() {
    let home = common::scratch_folder("config-print");
    let file = home.join("mine.toml");
    std::fs::write(&file, "[view]\nfov = 75\n[bindings]\nhud = [\"KeyU\"]\n").expect("write");
    let output = mazewalker(&home, Some(&file), &["config"]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    let printed = stdout(&output);
    let config = parse(&printed).expect("the printout is a valid config file");
    assert_eq!(config.view.fov, 75.0);
    assert_eq!(
        config.bindings.action_for(KeyCode::KeyU, &WALKING),
        Some(Action::ToggleHud)
    );
    assert_eq!(config, Config::load(&file).expect("the file"));
    // No file anywhere: the defaults.
    let output = mazewalker(&home, None, &["config"]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert_eq!(
        parse(&stdout(&output)).expect("defaults"),
        Config::default()
    );
}

#[test]
fn config_reports_a_bad_file_and_prints_the_defaults_it_runs_with() {
    let home = common::scratch_folder("config-bad");
    let file = home.join("bad.toml");
    std::fs::write(&file, "[mouse]\nsensitivity = 0.1\ninvert = true\n").expect("write");
    let file_arg = file.to_str().expect("path");
    let output = mazewalker(&home, None, &["config", "--config", file_arg]);
    assert!(!output.status.success());
    let message = common::stderr(&output);
    assert!(
        message.contains(&format!(
            "{file_arg}:3:1: unknown key `invert`, did you mean `invert_y`?"
        )),
        "{message}"
    );
    assert_eq!(
        parse(&stdout(&output)).expect("defaults"),
        Config::default()
    );
}
