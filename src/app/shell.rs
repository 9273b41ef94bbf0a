//! The winit shell: the window, its surface, the renderer, the tool UI
//! (egui, which hears the window's events first) and presenting, and
//! nothing of the modes. It turns winit's events into the session's
//! [`Input`], advances the session by the frame's wall time (or lets a
//! script advance it on simulated time), draws the [`SessionFrame`] the
//! session describes, and carries out the session's [`Request`]s (the
//! wgpu examples framework: the example apart from the event loop, and a
//! surface wrapper that owns the surface's life).

use std::cell::RefCell;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::{DeviceEvent, DeviceId, ElementState, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow};
use winit::keyboard::PhysicalKey;
use winit::window::{CursorGrabMode, Window, WindowId};

use super::WindowOptions;
use super::editing::ToolUi;
use super::events::{Input, Request};
use super::script::{ScriptCommand, ScriptDriver, ScriptReport};
use super::session::Session;
use super::startup::Startup;
use super::surface::{Acquired, WindowSurface};
use crate::gamepad::{GamepadSource, gamepad_intent};
use crate::level::Level;
use crate::platform::{self, Instant};
use crate::render::offscreen::PendingImage;
use crate::render::{self, Gpu, GpuError, RenderQuality, Renderer};

/// Pixels of a touchpad's scroll that count as one wheel notch.
const PIXELS_PER_NOTCH: f32 = 40.0;

/// The window's surface, the renderer drawing into it and the tool UI over
/// it: what exists only while the application is resumed.
#[derive(Debug)]
struct Graphics {
    surface: WindowSurface,
    renderer: Renderer,
    ui: ToolUi,
}

/// The device a window asked for: filled in when it comes (at once
/// natively; in a web page once the browser has answered).
type DeviceSlot = Rc<RefCell<Option<Result<(Gpu, wgpu::Surface<'static>), GpuError>>>>;

/// A window open and its device coming: what the shell has between its
/// window opening and its first frame.
struct OpeningWindow {
    window: Arc<Window>,
    device: DeviceSlot,
}

/// What the shell takes of the window's options: how to open the window
/// and draw into it. (The settings file's values are the session's.)
#[derive(Debug, Clone, Copy)]
struct WindowChoices {
    size: (u32, u32),
    vsync: bool,
    quality: Option<RenderQuality>,
    lights: bool,
}

/// Where the program stands: its level loading, or the session on it.
enum Stage {
    /// The level loads on a worker; the window shows its progress.
    Loading(Box<Startup>),
    /// The session runs.
    Running(Box<Session>),
}

/// The application winit drives.
pub struct Shell {
    stage: Stage,
    options: WindowChoices,
    graphics: Option<Graphics>,
    /// The window, while its device comes.
    opening: Option<OpeningWindow>,
    gamepad: GamepadSource,
    script: Option<ScriptDriver>,
    last_frame: Instant,
    /// When the shell was made, to report the time to the first frame.
    created: Instant,
    frames_presented: u64,
    /// Whether a frame of the running session (the level itself, not its
    /// loading) has been presented, to report the time to the first.
    level_presented: bool,
    /// F12 was pressed: the next frame drawn is also saved.
    screenshot_due: bool,
    /// The screenshot being read back from the GPU (at once natively; a
    /// page's browser hands the pixels over after the frame).
    screenshot_pending: Option<PendingImage>,
    error: Option<anyhow::Error>,
    /// Where each presented frame's time is written, when
    /// [`FRAME_LOG_VARIABLE`] names a file.
    frame_log: Option<FrameLog>,
}

/// How often the window draws while the level loads: the progress bar's
/// frames, and how soon after the load ends its session starts.
const LOADING_FRAME_INTERVAL: std::time::Duration = std::time::Duration::from_millis(50);

/// The environment variable naming the file the window writes a line to
/// per presented frame: to measure the longest gap between two frames
/// while long work runs (`docs/benchmarks.md`).
const FRAME_LOG_VARIABLE: &str = "MAZEWALKER_FRAME_LOG";

/// The frame-time log: per presented frame, the milliseconds since the
/// window opened and since the frame presented before, and, where the
/// system tells, the main thread's CPU milliseconds between the two (its
/// own work, whatever else runs on the machine).
struct FrameLog {
    file: std::io::BufWriter<File>,
    last: Option<Instant>,
    last_cpu: Option<std::time::Duration>,
}

impl FrameLog {
    /// The log named by [`FRAME_LOG_VARIABLE`], if any; a file that cannot
    /// be made is logged and left out.
    fn from_environment() -> Option<Self> {
        let path = std::env::var_os(FRAME_LOG_VARIABLE)?;
        match File::create(&path) {
            Ok(file) => Some(Self {
                file: std::io::BufWriter::new(file),
                last: None,
                last_cpu: platform::thread_cpu_time(),
            }),
            Err(error) => {
                log::error!("no frame log {}: {error}", Path::new(&path).display());
                None
            }
        }
    }

    /// A frame was presented at `now`, `since` the window opened.
    fn presented(&mut self, now: Instant, since: Instant) {
        use std::io::Write as _;
        let milliseconds = |duration: std::time::Duration| duration.as_secs_f64() * 1000.0;
        let gap = self.last.map_or(0.0, |last| milliseconds(now - last));
        self.last = Some(now);
        let cpu = platform::thread_cpu_time();
        let line = match (self.last_cpu, cpu) {
            (Some(last), Some(cpu)) => writeln!(
                self.file,
                "{:.3} {gap:.3} {:.3}",
                milliseconds(now - since),
                milliseconds(cpu.saturating_sub(last))
            ),
            _ => writeln!(self.file, "{:.3} {gap:.3}", milliseconds(now - since)),
        };
        self.last_cpu = cpu;
        if let Err(error) = line.and_then(|()| self.file.flush()) {
            log::error!("the frame log: {error}");
        }
    }
}

impl Shell {
    /// A shell around `session`, driven by a person or by `script`.
    pub fn new(session: Session, options: WindowOptions, script: Option<ScriptDriver>) -> Self {
        Self::at(Stage::Running(Box::new(session)), options, script)
    }

    /// A shell whose window opens while `startup` loads its level, and
    /// whose session starts once the level has loaded.
    pub fn loading(startup: Startup, options: WindowOptions) -> Self {
        Self::at(Stage::Loading(Box::new(startup)), options, None)
    }

    fn at(stage: Stage, options: WindowOptions, script: Option<ScriptDriver>) -> Self {
        let options = WindowChoices {
            size: options.size,
            vsync: options.vsync,
            quality: options.quality,
            lights: options.lights,
        };
        Self {
            stage,
            options,
            graphics: None,
            opening: None,
            gamepad: GamepadSource::new(),
            script,
            last_frame: Instant::now(),
            created: Instant::now(),
            frames_presented: 0,
            level_presented: false,
            screenshot_due: false,
            screenshot_pending: None,
            error: None,
            frame_log: FrameLog::from_environment(),
        }
    }

    /// After the event loop (which finished the session as it exited):
    /// the first error of the run or of finishing the session; else a
    /// scripted session's report. A load still running is left to end with
    /// the program.
    pub fn finish(self) -> anyhow::Result<Option<ScriptReport>> {
        if let Some(error) = self.error {
            return Err(error);
        }
        Ok(match (self.script, &self.stage) {
            (Some(script), Stage::Running(session)) => Some(script.report(session)),
            _ => None,
        })
    }

    /// The session, once the level has loaded.
    fn session(&mut self) -> Option<&mut Session> {
        match &mut self.stage {
            Stage::Running(session) => Some(session.as_mut()),
            Stage::Loading(_) => None,
        }
    }

    /// Stops the application with an error that `run_window` returns.
    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        log::error!("{error:#}");
        crate::platform::report_window_error(&format!("{error:#}"));
        self.error.get_or_insert(error);
        event_loop.exit();
    }

    /// The level the window shows now, with its collider.
    fn shown_level(&self) -> (&Arc<Level>, &Arc<crate::collision::Collider>) {
        match &self.stage {
            Stage::Running(session) => session.shared_level(),
            Stage::Loading(startup) => startup.shown_level(),
        }
    }

    /// Opens the window and asks for its device, which the platform
    /// brings (at once natively, later in a web page).
    fn open_window(&mut self, event_loop: &ActiveEventLoop) -> anyhow::Result<()> {
        let title = window_title(self.shown_level().0);
        let window = WindowSurface::open_window(event_loop, &title, self.options.size)?;
        let device = DeviceSlot::default();
        let (filled, woken) = (Rc::clone(&device), Arc::clone(&window));
        let future = Gpu::for_window(event_loop.owned_display_handle(), Arc::clone(&window));
        platform::run_future(future, move |opened| {
            *filled.borrow_mut() = Some(opened);
            woken.request_redraw();
        });
        self.opening = Some(OpeningWindow { window, device });
        Ok(())
    }

    /// Once the opening window's device has come: the graphics on it, its
    /// first frame asked for, and the session or the load told of it.
    fn finish_opening(&mut self, event_loop: &ActiveEventLoop) {
        let Some(opening) = &self.opening else {
            return;
        };
        let Some(opened) = opening.device.borrow_mut().take() else {
            return;
        };
        let window = Arc::clone(&opening.window);
        self.opening = None;
        let graphics = opened
            .map_err(anyhow::Error::from)
            .and_then(|(gpu, surface)| WindowSurface::new(window, gpu, surface, self.options.vsync))
            .and_then(|surface| self.create_graphics(surface));
        match graphics {
            Ok(graphics) => {
                graphics.surface.window.request_redraw();
                match &mut self.stage {
                    Stage::Running(session) => connect(session, &graphics),
                    Stage::Loading(startup) => {
                        startup.attach_scene_builder(graphics.renderer.scene_builder().clone());
                    }
                }
                self.graphics = Some(graphics);
                self.last_frame = Instant::now();
            }
            Err(error) => self.fail(event_loop, error),
        }
    }

    fn create_graphics(&self, surface: WindowSurface) -> anyhow::Result<Graphics> {
        let (level, collider) = self.shown_level();
        let gpu = &surface.gpu;
        let quality = self
            .options
            .quality
            .unwrap_or_else(|| RenderQuality::for_device_type(gpu.adapter.get_info().device_type));
        log::info!("render quality: {quality}");
        // A window created minimized gets real targets at its first resize.
        let (width, height) = surface.size();
        let mut renderer = Renderer::new(
            gpu,
            surface.format(),
            (width.max(1), height.max(1)),
            quality,
            level,
            collider,
        )?;
        renderer.set_lights(self.options.lights);
        let max_texture_side = gpu.device.limits().max_texture_dimension_2d as usize;
        let ui = ToolUi::new(&surface.window, max_texture_side);
        Ok(Graphics {
            surface,
            renderer,
            ui,
        })
    }

    fn resize(&mut self, size: PhysicalSize<u32>) {
        let Some(graphics) = self.graphics.as_mut() else {
            return;
        };
        graphics.surface.resize(size);
        let (width, height) = graphics.surface.size();
        graphics
            .renderer
            .resize(&graphics.surface.gpu, width, height);
        if let Some(session) = self.session() {
            session.handle(Input::Resized(width, height));
        }
    }

    /// Carries out what the session asked for.
    fn apply_requests(&mut self, event_loop: &ActiveEventLoop) {
        let Some(session) = self.session() else {
            return;
        };
        for request in session.take_requests() {
            match request {
                Request::GrabMouse(grab) => self.set_mouse_grab(grab),
                Request::ToggleFullscreen => {
                    if let Some(graphics) = &self.graphics {
                        graphics.surface.toggle_fullscreen();
                    }
                }
                Request::Screenshot => self.screenshot_due = true,
                Request::Quit => event_loop.exit(),
            }
        }
    }

    /// Grabs the mouse for looking (Locked, else Confined; cursor hidden) or
    /// releases it, and tells the session.
    fn set_mouse_grab(&mut self, grab: bool) {
        let (Some(graphics), Stage::Running(session)) = (&self.graphics, &mut self.stage) else {
            return;
        };
        let window = &graphics.surface.window;
        if grab {
            platform::mouse_lock_requested();
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
        session.mouse_grabbed(grab);
    }

    /// The platform let the mouse go on its own (a browser ends its pointer
    /// lock on Esc, or refuses one): the window lets it go too, so that the
    /// cursor shows, the mouse no longer turns the view, and the next click
    /// grabs it again.
    fn follow_lost_mouse_lock(&mut self) {
        let grabbed = matches!(&self.stage, Stage::Running(session) if session.is_mouse_grabbed());
        if platform::mouse_lock_lost() && grabbed {
            self.set_mouse_grab(false);
        }
    }

    /// A new level for the renderer: its scene built off the main thread,
    /// or built here (an edit).
    fn take_scene_change(&mut self) {
        let (Some(graphics), Stage::Running(session)) = (self.graphics.as_mut(), &mut self.stage)
        else {
            return;
        };
        let Some(change) = session.take_scene_change() else {
            return;
        };
        graphics
            .surface
            .window
            .set_title(&window_title(&change.level));
        if let Err(error) = change.apply_to(&mut graphics.renderer) {
            session.notice(format!("cannot draw the new level: {error:#}"));
        }
    }

    /// Takes the level once it has loaded: its session starts (with the
    /// window's scene builder and size), or its error ends the program.
    fn poll_startup(&mut self, event_loop: &ActiveEventLoop, frame_time: std::time::Duration) {
        let Stage::Loading(startup) = &mut self.stage else {
            return;
        };
        match startup.update(frame_time.as_secs_f64()) {
            None => {}
            Some(Ok(mut session)) => {
                if let Some(graphics) = &self.graphics {
                    connect(&mut session, graphics);
                }
                self.stage = Stage::Running(Box::new(session));
            }
            // As the command line reports a level that cannot be loaded:
            // the message once, with no log line besides.
            Some(Err(error)) => {
                crate::platform::report_window_error(&format!("{error:#}"));
                self.error.get_or_insert(error);
                event_loop.exit();
            }
        }
    }

    /// One frame: the session advances, then draws into the surface what
    /// it describes (and into a screenshot when one is due).
    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let frame_time = now.duration_since(self.last_frame);
        self.last_frame = now;
        self.finish_opening(event_loop);
        self.poll_startup(event_loop, frame_time);
        self.follow_lost_mouse_lock();
        if let Stage::Running(session) = &mut self.stage {
            match &mut self.script {
                Some(script) => script.before_frame(session, frame_time),
                None => {
                    let pad = gamepad_intent(self.gamepad.poll(), &session.settings().gamepad);
                    session.handle(Input::Gamepad(pad));
                    session.update(frame_time.as_secs_f64());
                }
            }
        }
        self.apply_requests(event_loop);
        self.take_scene_change();
        let writes_files = match &mut self.stage {
            Stage::Running(session) => session.writes_files(),
            Stage::Loading(_) => false,
        };
        platform::set_leaving_loses_work(writes_files);
        let presented = self.draw(event_loop);
        if let (Some(script), Stage::Running(session)) = (&mut self.script, &mut self.stage) {
            for command in script.after_frame(session, presented) {
                match command {
                    ScriptCommand::Resize(width, height) => {
                        if let Some(graphics) = &self.graphics {
                            let size = PhysicalSize::new(width.max(1), height.max(1));
                            let _ = graphics.surface.window.request_inner_size(size);
                        }
                        self.resize(PhysicalSize::new(width, height));
                    }
                    ScriptCommand::Close => event_loop.exit(),
                }
            }
        }
    }

    /// Draws the session's frame, with the tool UI over it; true when one
    /// was presented. A change made on the property panel goes to the
    /// session after the frame.
    fn draw(&mut self, event_loop: &ActiveEventLoop) -> bool {
        let Some(graphics) = self.graphics.as_mut() else {
            return false;
        };
        let texture = match graphics.surface.acquire() {
            Ok(Acquired::Frame(texture)) => texture,
            Ok(Acquired::Skip) => return false,
            Err(error) => {
                self.fail(event_loop, error);
                return false;
            }
        };
        let view = texture.texture.create_view(&wgpu::TextureViewDescriptor {
            format: Some(graphics.surface.format()),
            ..wgpu::TextureViewDescriptor::default()
        });
        let frame = match &mut self.stage {
            Stage::Running(session) => session.frame(),
            Stage::Loading(startup) => startup.frame(),
        };
        let input = frame.input();
        let gpu = &graphics.surface.gpu;
        graphics
            .renderer
            .render_with_map(gpu, &view, &input, frame.map.as_ref());
        let (mut ui, change) = graphics.ui.frame(
            &graphics.surface.window,
            graphics.surface.size(),
            frame.panel.as_ref(),
            frame.progress.as_ref(),
        );
        if !ui.primitives.is_empty() || !ui.textures.is_empty() {
            graphics.renderer.draw_ui(gpu, &view, &mut ui);
        }
        let screenshot = std::mem::take(&mut self.screenshot_due).then(|| {
            render::offscreen::start_capture_with_ui(
                gpu,
                &mut graphics.renderer,
                &input,
                frame.map.as_ref(),
                Some(&mut ui),
            )
        });
        graphics.surface.present(texture);
        if let Some(log) = &mut self.frame_log {
            log.presented(Instant::now(), self.created);
        }
        drop(frame);
        if let Stage::Running(session) = &mut self.stage {
            if let Some(change) = change {
                session.handle(Input::Property(change));
            }
            match screenshot {
                Some(Ok(pending)) => self.screenshot_pending = Some(pending),
                Some(Err(error)) => screenshot_failed(session, &error),
                None => {}
            }
            let gpu = &graphics.surface.gpu;
            let pending = self.screenshot_pending.as_ref();
            if let Some(image) = pending.and_then(|pending| pending.take(gpu)) {
                self.screenshot_pending = None;
                let folder = session.save_folder();
                if let Err(error) = image.and_then(|image| save_screenshot(&image, folder)) {
                    screenshot_failed(session, &error);
                }
            }
        }
        if let Some(error) = graphics.surface.gpu.take_device_error() {
            self.fail(
                event_loop,
                anyhow::anyhow!("graphics device error: {error}"),
            );
            return false;
        }
        if self.frames_presented == 0 {
            log::info!(
                "first frame presented {:.0} ms after start",
                self.created.elapsed().as_secs_f64() * 1000.0
            );
        }
        if !self.level_presented && matches!(self.stage, Stage::Running(_)) {
            self.level_presented = true;
            log::info!(
                "first frame of the level presented {:.0} ms after start",
                self.created.elapsed().as_secs_f64() * 1000.0
            );
        }
        self.frames_presented += 1;
        true
    }
}

/// Says that a screenshot failed, and why: logged, and a notice.
fn screenshot_failed(session: &mut Session, error: &anyhow::Error) {
    let message = format!("screenshot failed: {error:#}");
    log::error!("{message}");
    session.notice(message);
}

/// Saves `image` as `mazewalker-<unix seconds>.png` in `folder` (with a
/// `-2`, `-3`, ... suffix when an earlier screenshot took that name in the
/// same second), and says so on stdout.
fn save_screenshot(image: &image::RgbaImage, folder: &Path) -> anyhow::Result<()> {
    let mut png = std::io::Cursor::new(Vec::new());
    image.write_to(&mut png, image::ImageFormat::Png)?;
    let path = write_screenshot_file(folder, platform::unix_seconds(), png.get_ref())?;
    // The file written: the command line's output.
    println!("saved {}", path.display());
    Ok(())
}

/// Writes `png`, a screenshot taken at `seconds`, as a file in `folder`
/// that no file had: `mazewalker-<seconds>.png`, or the first of `-2`,
/// `-3`, ... not taken ([`platform::write_new_file`], so that an earlier
/// file is never overwritten, even by another program that takes the same
/// name at once). Returns its path.
fn write_screenshot_file(folder: &Path, seconds: u64, png: &[u8]) -> std::io::Result<PathBuf> {
    for number in 1u32.. {
        let name = match number {
            1 => format!("mazewalker-{seconds}.png"),
            _ => format!("mazewalker-{seconds}-{number}.png"),
        };
        let path = folder.join(name);
        match platform::write_new_file(&path, png) {
            Ok(()) => return Ok(path),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error),
        }
    }
    Err(std::io::Error::other("every screenshot name is taken"))
}

/// Makes `session` build its scenes with `graphics`' renderer, know the
/// window's size and play its sound.
fn connect(session: &mut Session, graphics: &Graphics) {
    session.attach_scene_builder(graphics.renderer.scene_builder().clone());
    session.play_sound();
    let (width, height) = graphics.surface.size();
    session.handle(Input::Resized(width, height));
}

/// The window's title for `level`.
fn window_title(level: &Level) -> String {
    format!("mazewalker — {}", level.name)
}

impl ApplicationHandler for Shell {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.graphics.is_some() || self.opening.is_some() {
            return;
        }
        match self.open_window(event_loop) {
            Ok(()) => self.finish_opening(event_loop),
            Err(error) => self.fail(event_loop, error),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        if let Some(graphics) = &mut self.graphics
            && graphics.ui.take_event(&graphics.surface.window, &event)
        {
            return;
        }
        let input = match event {
            WindowEvent::CloseRequested => Input::CloseRequested,
            WindowEvent::Resized(size) => return self.resize(size),
            WindowEvent::Focused(false) => Input::FocusLost,
            WindowEvent::ModifiersChanged(modifiers) => Input::Modifiers(modifiers.state().into()),
            WindowEvent::KeyboardInput {
                event,
                is_synthetic,
                ..
            } => match event.physical_key {
                // On X11, winit makes up a press for each key that is down
                // as the window gains focus; the key's real press reaches
                // the window too when it was meant for it, so a key typed
                // just as the window gains focus would fire twice. So a
                // made-up press counts as a repeat: the key is held, and
                // fires nothing.
                PhysicalKey::Code(key) => Input::Key {
                    key,
                    pressed: event.state == ElementState::Pressed,
                    repeat: event.repeat || is_synthetic,
                },
                PhysicalKey::Unidentified(_) => return,
            },
            WindowEvent::MouseInput { state, button, .. } => Input::Button {
                button,
                pressed: state == ElementState::Pressed,
            },
            WindowEvent::CursorMoved { position, .. } => {
                Input::Pointer(glam::Vec2::new(position.x as f32, position.y as f32))
            }
            WindowEvent::MouseWheel { delta, .. } => Input::Wheel(match delta {
                MouseScrollDelta::LineDelta(_, lines) => lines,
                MouseScrollDelta::PixelDelta(pixels) => pixels.y as f32 / PIXELS_PER_NOTCH,
            }),
            WindowEvent::RedrawRequested => return self.redraw(event_loop),
            _ => return,
        };
        match &mut self.stage {
            Stage::Running(session) => {
                session.handle(input);
                self.apply_requests(event_loop);
            }
            Stage::Loading(startup) => {
                if startup.quits(&input) {
                    event_loop.exit();
                }
            }
        }
    }

    fn device_event(&mut self, _event_loop: &ActiveEventLoop, _id: DeviceId, event: DeviceEvent) {
        self.follow_lost_mouse_lock();
        if let (DeviceEvent::MouseMotion { delta: (x, y) }, Some(session)) = (event, self.session())
        {
            session.handle(Input::MouseMotion(glam::DVec2::new(x, y)));
        }
    }

    /// The event loop ends: the session is finished here (a recording's
    /// last pose and end line written, the journal waited for), also in a
    /// page, where the event loop never gives the shell back.
    fn exiting(&mut self, _event_loop: &ActiveEventLoop) {
        if let Err(error) = self.session().map_or(Ok(()), Session::finish) {
            self.error.get_or_insert(error);
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        let Some(graphics) = &self.graphics else {
            event_loop.set_control_flow(ControlFlow::Poll);
            return;
        };
        match &self.stage {
            Stage::Running(_) => {
                event_loop.set_control_flow(ControlFlow::Poll);
                graphics.surface.window.request_redraw();
            }
            // The progress bar needs few frames, and each frame drawn on a
            // CPU renderer takes the cores the load runs on.
            Stage::Loading(_) => {
                let due = self.last_frame + LOADING_FRAME_INTERVAL;
                if Instant::now() >= due {
                    graphics.surface.window.request_redraw();
                }
                event_loop.set_control_flow(ControlFlow::WaitUntil(due));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screenshots_in_one_second_never_overwrite_each_other() {
        let folder = tempfile::tempdir().expect("a scratch folder");
        std::fs::write(folder.path().join("mazewalker-7.png"), "earlier").expect("writable");
        let second = write_screenshot_file(folder.path(), 7, b"second").expect("a free name");
        let third = write_screenshot_file(folder.path(), 7, b"third").expect("a free name");
        assert_eq!(second, folder.path().join("mazewalker-7-2.png"));
        assert_eq!(third, folder.path().join("mazewalker-7-3.png"));
        let earlier = std::fs::read_to_string(folder.path().join("mazewalker-7.png"));
        assert_eq!(earlier.expect("still there"), "earlier");
        let read = |name: &str| std::fs::read_to_string(folder.path().join(name));
        assert_eq!(read("mazewalker-7-3.png").expect("written"), "third");
        let other_second = write_screenshot_file(folder.path(), 8, b"").expect("a free name");
        assert_eq!(other_second, folder.path().join("mazewalker-8.png"));
    }
}
