//! The winit application: one window, the walker, the renderer, and the
//! authoring tools (ghost mode, HUD, coordinates key, debug lines, help,
//! screenshots). Also the headless `screenshot` command, which renders through
//! the same renderer.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use glam::{Vec2, Vec3};
use winit::application::ApplicationHandler;
use winit::dpi::{LogicalSize, PhysicalSize};
use winit::event::{DeviceEvent, DeviceId, ElementState, MouseButton, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{CursorGrabMode, Fullscreen, Window, WindowId};

use crate::collision::{Collider, MoveOptions, MovePolicy};
use crate::input::{Action, Bindings};
use crate::level::Level;
use crate::render::{self, FrameInput, Gpu, RenderQuality, Renderer};
use crate::walker::{MoveIntent, Walker};

/// Settings of the interactive window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WindowOptions {
    /// Wait for vertical blank (Fifo). Off picks Immediate or Mailbox when the
    /// surface supports one.
    pub vsync: bool,
    /// Initial collision switches (slide or reject, ghost).
    pub move_options: MoveOptions,
    /// Initial window size in logical pixels.
    pub size: (u32, u32),
    /// Per-pixel quality; `None` picks it by adapter
    /// ([`RenderQuality::for_device_type`]): full on a GPU, fast on llvmpipe.
    pub quality: Option<RenderQuality>,
}

impl Default for WindowOptions {
    fn default() -> Self {
        Self {
            vsync: true,
            move_options: MoveOptions::default(),
            size: (1280, 720),
            quality: None,
        }
    }
}

/// What `mazewalker screenshot` renders.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScreenshotOptions {
    /// Eye position (x, z); `None` is the level's start.
    pub at: Option<Vec2>,
    /// Heading in degrees; `None` is the level's.
    pub yaw_degrees: Option<f32>,
    /// Pitch in degrees, positive looks up.
    pub pitch_degrees: f32,
    /// Image size in pixels.
    pub size: (u32, u32),
    /// Draw the collider's debug lines.
    pub debug_lines: bool,
    /// Draw the HUD.
    pub hud: bool,
}

/// Renders one frame of `level` offscreen and writes it to `out` as PNG.
/// Needs no display and no event loop.
pub fn screenshot(level: &Level, options: &ScreenshotOptions, out: &Path) -> anyhow::Result<()> {
    let gpu = Gpu::headless().context("no graphics adapter for offscreen rendering")?;
    let collider = level.collider();
    let mut walker = Walker::at_spawn(level);
    if let Some(at) = options.at {
        walker.camera.position = Vec3::new(at.x, walker.camera.position.y, at.y);
    }
    if let Some(yaw) = options.yaw_degrees {
        walker.camera.yaw = yaw.to_radians();
    }
    walker.camera.set_pitch(options.pitch_degrees.to_radians());
    let hud = hud_lines(&walker, None);
    let frame = FrameInput {
        camera: &walker.camera,
        debug_lines: options.debug_lines,
        hud: options.hud.then_some(hud.as_slice()),
        help: None,
    };
    let (width, height) = options.size;
    let image = render::offscreen::render_to_image(&gpu, level, &collider, width, height, &frame)?;
    image
        .save(out)
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

/// The HUD's lines: position, heading, collision switches, frame rate.
pub fn hud_lines(walker: &Walker, frames_per_second: Option<f32>) -> Vec<String> {
    let camera = &walker.camera;
    let policy = match walker.move_options.policy {
        MovePolicy::Slide => "slide",
        MovePolicy::Reject => "reject",
    };
    let fps = frames_per_second.map_or_else(|| "-".to_owned(), |fps| format!("{fps:.0}"));
    vec![
        format!(
            "x {:.2}  y {:.2}  z {:.2}",
            camera.position.x, camera.position.y, camera.position.z
        ),
        format!(
            "heading {:.1} deg  pitch {:.1}",
            camera.yaw_degrees(),
            camera.pitch.to_degrees()
        ),
        format!(
            "ghost {}  policy {policy}",
            if walker.move_options.ghost {
                "on"
            } else {
                "off"
            }
        ),
        format!("fps {fps}  F1 help"),
    ]
}

/// Opens the window on `level` and runs until the person quits.
pub fn run_window(level: Level, options: WindowOptions) -> anyhow::Result<()> {
    let event_loop = EventLoop::new().context("cannot open a window (no display?)")?;
    let mut app = App::new(level, options, None);
    event_loop.run_app(&mut app)?;
    app.into_result().map(|_| ())
}

/// One step of a scripted session (used by the window test to drive the real
/// application with synthetic input).
#[derive(Debug, Clone, PartialEq)]
pub enum ScriptStep {
    /// Press (true) or release (false) the key bound to an action.
    Action(Action, bool),
    /// Let this many frames render.
    Frames(u32),
    /// Deliver a resize to the given physical size (0×0 is a minimize).
    Resize(u32, u32),
    /// Record the walker's eye position (x, z) in the report.
    Checkpoint,
    /// Close the window.
    Close,
}

/// What a scripted session saw.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptReport {
    /// Frames actually rendered to the window.
    pub frames_rendered: u64,
    /// The walker's final eye position (x, z).
    pub final_position: Vec2,
    /// The eye position (x, z) at each [`ScriptStep::Checkpoint`], in order.
    pub checkpoints: Vec<Vec2>,
}

/// Runs the real window application driven by `script` instead of a person;
/// may be called from a test thread. Returns what happened.
pub fn run_window_scripted(
    level: Level,
    options: WindowOptions,
    script: Vec<ScriptStep>,
) -> anyhow::Result<ScriptReport> {
    let mut builder = EventLoop::builder();
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        use winit::platform::x11::EventLoopBuilderExtX11 as _;
        builder.with_any_thread(true);
    }
    let event_loop = builder
        .build()
        .context("cannot open a window (no display?)")?;
    let mut app = App::new(level, options, Some(Script::new(script)));
    event_loop.run_app(&mut app)?;
    app.into_result()
}

/// A script and where it is.
#[derive(Debug)]
struct Script {
    steps: std::collections::VecDeque<ScriptStep>,
    frames_to_wait: u32,
    checkpoints: Vec<Vec2>,
}

impl Script {
    fn new(steps: Vec<ScriptStep>) -> Self {
        Self {
            steps: steps.into(),
            frames_to_wait: 0,
            checkpoints: Vec::new(),
        }
    }
}

/// The window, its surface and the renderer: everything that exists only
/// while the application is resumed.
struct Graphics {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    gpu: Gpu,
    renderer: Renderer,
}

impl Graphics {
    /// Replaces a lost surface with a new one for the same window.
    fn recreate_surface(&mut self) -> anyhow::Result<()> {
        self.surface = self.gpu.instance.create_surface(self.window.clone())?;
        if self.config.width > 0 && self.config.height > 0 {
            self.surface.configure(&self.gpu.device, &self.config);
        }
        Ok(())
    }
}

/// Frame-rate measurement over half-second windows.
#[derive(Debug)]
struct FrameClock {
    last_frame: Instant,
    window_start: Instant,
    frames_in_window: u32,
    frames_per_second: Option<f32>,
}

impl FrameClock {
    fn new() -> Self {
        let now = Instant::now();
        Self {
            last_frame: now,
            window_start: now,
            frames_in_window: 0,
            frames_per_second: None,
        }
    }

    /// Seconds since the last tick.
    fn tick(&mut self) -> f32 {
        let now = Instant::now();
        let seconds = now.duration_since(self.last_frame).as_secs_f32();
        self.last_frame = now;
        self.frames_in_window += 1;
        let window = now.duration_since(self.window_start);
        if window >= Duration::from_millis(500) {
            let fps = self.frames_in_window as f32 / window.as_secs_f32();
            log::debug!("{fps:.1} fps, {:.2} ms a frame", 1000.0 / fps);
            self.frames_per_second = Some(fps);
            self.frames_in_window = 0;
            self.window_start = now;
        }
        seconds
    }
}

/// Which overlays the person has switched on.
#[derive(Debug, Clone, Copy)]
struct Overlays {
    hud: bool,
    help: bool,
    debug_lines: bool,
}

/// The frame to draw: the walker's camera and the overlays switched on.
fn frame_input<'a>(
    walker: &'a Walker,
    view: &Overlays,
    hud: &'a [String],
    help: &'a [String],
) -> FrameInput<'a> {
    FrameInput {
        camera: &walker.camera,
        debug_lines: view.debug_lines,
        hud: view.hud.then_some(hud),
        help: (view.help && !help.is_empty()).then_some(help),
    }
}

/// The application state winit drives.
struct App {
    level: Level,
    collider: Collider,
    bindings: Bindings,
    walker: Walker,
    options: WindowOptions,
    held_keys: Vec<KeyCode>,
    view: Overlays,
    /// The help overlay's lines, made once from the bindings.
    help: Vec<String>,
    mouse_grabbed: bool,
    clock: FrameClock,
    frames_rendered: u64,
    /// When the application was created, to report the time to first frame.
    created: Instant,
    graphics: Option<Graphics>,
    script: Option<Script>,
    error: Option<anyhow::Error>,
}

impl App {
    fn new(level: Level, options: WindowOptions, script: Option<Script>) -> Self {
        let collider = level.collider();
        let mut walker = Walker::at_spawn(&level);
        walker.move_options = options.move_options;
        let bindings = Bindings::default();
        let help = bindings.help_lines();
        Self {
            level,
            collider,
            bindings,
            walker,
            options,
            held_keys: Vec::new(),
            view: Overlays {
                hud: true,
                help: false,
                debug_lines: false,
            },
            help,
            mouse_grabbed: false,
            clock: FrameClock::new(),
            frames_rendered: 0,
            created: Instant::now(),
            graphics: None,
            script,
            error: None,
        }
    }

    fn into_result(self) -> anyhow::Result<ScriptReport> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(ScriptReport {
                frames_rendered: self.frames_rendered,
                final_position: self.walker.position(),
                checkpoints: self
                    .script
                    .map(|script| script.checkpoints)
                    .unwrap_or_default(),
            }),
        }
    }

    /// Stops the application with an error that `run_window` returns.
    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        log::error!("{error:#}");
        self.error.get_or_insert(error);
        event_loop.exit();
    }

    fn create_graphics(&self, event_loop: &ActiveEventLoop) -> anyhow::Result<Graphics> {
        let (width, height) = self.options.size;
        let attributes = Window::default_attributes()
            .with_title(format!("mazewalker — {}", self.level.name))
            .with_inner_size(LogicalSize::new(width, height));
        let window = Arc::new(event_loop.create_window(attributes)?);
        let size = window.inner_size();
        let (gpu, surface) = Gpu::for_window(event_loop, window.clone())?;
        let config =
            render::surface_config(&gpu, &surface, size.width, size.height, self.options.vsync)?;
        if config.width > 0 && config.height > 0 {
            surface.configure(&gpu.device, &config);
        }
        let quality = self
            .options
            .quality
            .unwrap_or_else(|| RenderQuality::for_device_type(gpu.adapter.get_info().device_type));
        log::info!("render quality: {quality}");
        // A window created minimized gets real targets at its first resize.
        let renderer = Renderer::new(
            &gpu,
            config.format,
            (config.width.max(1), config.height.max(1)),
            quality,
            &self.level,
            &self.collider,
        )?;
        Ok(Graphics {
            window,
            surface,
            config,
            gpu,
            renderer,
        })
    }

    fn resize(&mut self, size: PhysicalSize<u32>) {
        let Some(graphics) = self.graphics.as_mut() else {
            return;
        };
        // The surface cannot outgrow the adapter's largest texture.
        let max_side = graphics.gpu.device.limits().max_texture_dimension_2d;
        graphics.config.width = size.width.min(max_side);
        graphics.config.height = size.height.min(max_side);
        // A minimized window is 0×0: keep the old surface and skip frames
        // until it has an area again.
        if size.width > 0 && size.height > 0 {
            graphics
                .surface
                .configure(&graphics.gpu.device, &graphics.config);
            graphics
                .renderer
                .resize(&graphics.gpu, graphics.config.width, graphics.config.height);
        }
    }

    fn intent(&self) -> MoveIntent {
        let held = |action: Action| {
            self.held_keys
                .iter()
                .any(|key| self.bindings.action_for(*key) == Some(action))
        };
        let axis = |positive: Action, negative: Action| {
            f32::from(u8::from(held(positive))) - f32::from(u8::from(held(negative)))
        };
        MoveIntent {
            forward: axis(Action::MoveForward, Action::MoveBackward),
            right: axis(Action::StrafeRight, Action::StrafeLeft),
            turn: axis(Action::TurnRight, Action::TurnLeft),
            look_up: axis(Action::LookUp, Action::LookDown),
            run: held(Action::Run),
        }
    }

    fn key(&mut self, event_loop: &ActiveEventLoop, key: KeyCode, pressed: bool, repeat: bool) {
        let Some(action) = self.bindings.action_for(key) else {
            return;
        };
        if action.is_held() {
            self.held_keys.retain(|held| *held != key);
            if pressed {
                self.held_keys.push(key);
            }
        } else if pressed && !repeat {
            self.trigger(event_loop, action);
        }
    }

    fn trigger(&mut self, event_loop: &ActiveEventLoop, action: Action) {
        match action {
            Action::ToggleGhost => {
                let ghost = self.walker.toggle_ghost();
                log::info!("ghost mode {}", if ghost { "on" } else { "off" });
            }
            Action::TogglePolicy => {
                let policy = self.walker.toggle_policy();
                log::info!("collision policy {policy:?}");
            }
            Action::PrintPosition => println!("{}", self.walker.position_for_level_file()),
            Action::ToggleDebugLines => self.view.debug_lines = !self.view.debug_lines,
            Action::ToggleHud => self.view.hud = !self.view.hud,
            Action::ToggleHelp => self.view.help = !self.view.help,
            Action::ToggleFullscreen => {
                if let Some(graphics) = &self.graphics {
                    let window = &graphics.window;
                    let next = match window.fullscreen() {
                        Some(_) => None,
                        None => Some(Fullscreen::Borderless(None)),
                    };
                    window.set_fullscreen(next);
                }
            }
            Action::Screenshot => {
                if let Err(error) = self.save_screenshot() {
                    log::error!("screenshot failed: {error:#}");
                }
            }
            Action::ReleaseOrQuit => {
                if self.mouse_grabbed {
                    self.set_mouse_grab(false);
                } else {
                    event_loop.exit();
                }
            }
            held => log::debug!("{held:?} is a held action"),
        }
    }

    /// Grabs the mouse for looking (Locked, else Confined; cursor hidden) or
    /// releases it.
    fn set_mouse_grab(&mut self, grab: bool) {
        let Some(graphics) = &self.graphics else {
            return;
        };
        let window = &graphics.window;
        if grab {
            let grabbed = window
                .set_cursor_grab(CursorGrabMode::Locked)
                .or_else(|_| window.set_cursor_grab(CursorGrabMode::Confined));
            if let Err(error) = grabbed {
                log::warn!("cannot grab the mouse: {error}");
                return;
            }
            window.set_cursor_visible(false);
        } else {
            if let Err(error) = window.set_cursor_grab(CursorGrabMode::None) {
                log::warn!("cannot release the mouse: {error}");
            }
            window.set_cursor_visible(true);
        }
        self.mouse_grabbed = grab;
    }

    /// Renders the current view (with the HUD, without the help) through
    /// the window's renderer and saves it as `mazewalker-<unix seconds>.png`
    /// in the working directory.
    fn save_screenshot(&mut self) -> anyhow::Result<()> {
        let hud = hud_lines(&self.walker, self.clock.frames_per_second);
        let frame = frame_input(&self.walker, &self.view, &hud, &[]);
        let Some(graphics) = self.graphics.as_mut() else {
            return Ok(());
        };
        let image = render::offscreen::capture(&graphics.gpu, &mut graphics.renderer, &frame)?;
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        let path = PathBuf::from(format!("mazewalker-{seconds}.png"));
        image.save(&path)?;
        println!("saved {}", path.display());
        Ok(())
    }

    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let seconds = self.clock.tick();
        if let Err(error) = self.walker.update(self.intent(), seconds, &self.collider) {
            log::error!("move refused: {error}");
        }
        let hud = hud_lines(&self.walker, self.clock.frames_per_second);
        let Some(graphics) = self.graphics.as_mut() else {
            return;
        };
        if graphics.config.width == 0 || graphics.config.height == 0 {
            return;
        }
        let texture = match graphics.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(texture)
            | wgpu::CurrentSurfaceTexture::Suboptimal(texture) => texture,
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => return,
            wgpu::CurrentSurfaceTexture::Outdated => {
                graphics
                    .surface
                    .configure(&graphics.gpu.device, &graphics.config);
                return;
            }
            wgpu::CurrentSurfaceTexture::Lost => {
                if let Err(error) = graphics.recreate_surface() {
                    self.fail(event_loop, error);
                }
                return;
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                self.fail(event_loop, anyhow::anyhow!("surface validation error"));
                return;
            }
        };
        let view = texture
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let frame = frame_input(&self.walker, &self.view, &hud, &self.help);
        graphics.renderer.render(&graphics.gpu, &view, &frame);
        graphics.window.pre_present_notify();
        graphics.gpu.queue.present(texture);
        if self.frames_rendered == 0 {
            log::info!(
                "first frame presented {:.0} ms after start",
                self.created.elapsed().as_secs_f64() * 1000.0
            );
        }
        self.frames_rendered += 1;
    }

    /// Runs the script's next steps, if a script drives this session.
    fn advance_script(&mut self, event_loop: &ActiveEventLoop) {
        let Some(script) = self.script.as_mut() else {
            return;
        };
        if script.frames_to_wait > 0 {
            script.frames_to_wait -= 1;
            return;
        }
        let Some(step) = script.steps.pop_front() else {
            event_loop.exit();
            return;
        };
        match step {
            ScriptStep::Frames(frames) => script.frames_to_wait = frames,
            ScriptStep::Action(action, pressed) => {
                let key = self
                    .bindings
                    .keys
                    .iter()
                    .find(|(_, bound)| *bound == action)
                    .map(|(key, _)| *key);
                if let Some(key) = key {
                    self.key(event_loop, key, pressed, false);
                }
            }
            ScriptStep::Resize(width, height) => {
                if let Some(graphics) = &self.graphics {
                    let _ = graphics
                        .window
                        .request_inner_size(PhysicalSize::new(width.max(1), height.max(1)));
                }
                self.resize(PhysicalSize::new(width, height));
            }
            ScriptStep::Checkpoint => script.checkpoints.push(self.walker.position()),
            ScriptStep::Close => event_loop.exit(),
        }
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.graphics.is_some() {
            return;
        }
        match self.create_graphics(event_loop) {
            Ok(graphics) => {
                graphics.window.request_redraw();
                self.graphics = Some(graphics);
                self.clock = FrameClock::new();
            }
            Err(error) => self.fail(event_loop, error),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => self.resize(size),
            WindowEvent::Focused(false) => {
                self.held_keys.clear();
                self.set_mouse_grab(false);
            }
            WindowEvent::KeyboardInput { event, .. } => {
                if let PhysicalKey::Code(key) = event.physical_key {
                    let pressed = event.state == ElementState::Pressed;
                    self.key(event_loop, key, pressed, event.repeat);
                }
            }
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button: MouseButton::Left,
                ..
            } if !self.mouse_grabbed => self.set_mouse_grab(true),
            WindowEvent::RedrawRequested => {
                self.redraw(event_loop);
                self.advance_script(event_loop);
            }
            _ => {}
        }
    }

    fn device_event(&mut self, _event_loop: &ActiveEventLoop, _id: DeviceId, event: DeviceEvent) {
        if let DeviceEvent::MouseMotion { delta: (x, y) } = event
            && self.mouse_grabbed
        {
            self.walker.look(x, y);
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        event_loop.set_control_flow(ControlFlow::Poll);
        if let Some(graphics) = &self.graphics {
            graphics.window.request_redraw();
        }
    }
}
