//! The interface of the session's parts, one per mode, each in its own
//! folder: demo playback and recording (`playback/`), the map (`map/`),
//! edit mode (`editing/`) and walking (`walking/`). Each owns its state,
//! sees the shared [`World`] and sends [`Events`] through the one [`Part`]
//! interface and the capabilities it has ([`TakesInput`], [`Ticks`],
//! [`Shows`], [`Vetoes`], [`Lifecycle`]); the session offers everything to
//! them in the one order of their list ([`Parts`], made in `Session::new`)
//! and names none of them elsewhere.

use std::any::Any;
use std::fmt::Debug;
use std::io::BufReader;
use std::path::PathBuf;

use glam::Vec2;
use winit::keyboard::KeyCode;

use super::events::{Events, Input, LevelCause};
use super::frame::PanelView;
use super::job::{JobLatch, WorkProgress};
use super::live_level::BuiltLevel;
use super::world::World;
use crate::bindings::{Action, Context};
use crate::camera::Camera;
use crate::collision::Collider;
use crate::demo::DemoReader;
use crate::edit::{GridSize, Item, PropertyChange};
use crate::level::LevelChoice;
use crate::platform::OpenFile;
use crate::render::{LineVertex, MapFrame};
use crate::walker::TickInput;

/// How the person asked to quit: a second request the same way quits even
/// with unsaved edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuitBy {
    /// Esc with the mouse released.
    Escape,
    /// The window's close button.
    Close,
}

/// What a part says of a finished reload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReloadVerdict {
    /// It may go live.
    Go,
    /// It holds what is live already (the program's own save, read by a
    /// reload that started before it).
    Unchanged,
    /// It may not go live (unsaved edits would be lost): the message
    /// shows until the file and the level agree again.
    Refused(String),
}

/// A demo the command line starts: recording one, or playing one.
#[derive(Debug)]
pub enum DemoStart {
    /// Record every tick into `path`, on the level loaded from `source`.
    Record {
        /// The demo file to write.
        path: PathBuf,
        /// Where the level came from, for the demo's header.
        source: LevelChoice,
    },
    /// Play the demo `reader` stands in, from its first tick.
    Play(DemoReader<BufReader<OpenFile>>),
}

/// What the parts offer towards edit mode's cursor point and aimed item,
/// in their order: edit mode gives its grid, and the full map the point
/// and item under the pointer, which win over the crosshair's.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AimOffer {
    /// Edit mode's snapping grid, while it is on.
    pub grid: Option<GridSize>,
    /// A cursor point from the pointer, snapped to `grid`.
    pub cursor: Option<Vec2>,
    /// The item under that point (`None` within: over nothing).
    pub aimed: Option<Option<Item>>,
}

/// A part's share of the frame, filled by each part in the parts' order:
/// edit mode gives its lines, its crosshair and panel and what the map
/// shows of it; the map draws itself with those.
#[derive(Debug)]
pub struct FrameShare<'a> {
    /// The eye the frame is seen from.
    pub camera: Camera,
    /// Edit mode's lines in the world.
    pub markers: Vec<LineVertex>,
    /// A crosshair (edit mode).
    pub crosshair: bool,
    /// Edit mode's cursor point and the last point of the chain being
    /// plotted, for the map.
    pub edit_cursor: Option<(Vec2, Option<Vec2>)>,
    /// The outline on the plan of the item carried (where it would go), or
    /// else of the item aimed at, for the map.
    pub outlined: Vec<Vec2>,
    /// The map, while it shows.
    pub map: Option<MapFrame<'a>>,
    /// Edit mode's property panel, while it shows.
    pub panel: Option<PanelView<'a>>,
    /// The first part's progress bar of long work off the main thread.
    pub progress: Option<WorkProgress>,
}

impl FrameShare<'_> {
    /// An empty share of a frame seen from `camera`.
    pub fn new(camera: Camera) -> Self {
        Self {
            camera,
            markers: Vec::new(),
            crosshair: false,
            edit_cursor: None,
            outlined: Vec::new(),
            map: None,
            panel: None,
            progress: None,
        }
    }
}

/// A mode of the session (Fyrox's interaction modes, Bevy's features): it
/// owns its state, sees the shared [`World`] and sends [`Events`]. What it
/// does is split into capabilities, one trait each; a part hands the
/// session those it has (itself, as each), so its `impl Part` says its
/// role:
/// - [`TakesInput`]: actions, Ctrl chords, the pointer, the property
///   panel, the events other parts send it, the cursor point;
/// - [`Ticks`]: each frame's update, and the ticks: their pace, driving
///   the walker through one, and what follows each;
/// - [`Shows`]: its HUD lines and its share of the frame;
/// - [`Vetoes`]: holding and refusing reloads, and quitting;
/// - [`Lifecycle`]: a demo starting, the live level changing, long work
///   moving off the main thread, the session ending.
///
/// A part is `Send`: the window's start-up makes the session on a worker;
/// and `Any`, so that a caller that knows a part's type can find it
/// (`Session::part`) without the interface naming it.
pub trait Part: Any + Debug + Send {
    /// The input context this part makes active now, if any: every part is
    /// a mode.
    fn context(&self, world: &World) -> Option<Context>;

    /// What it does with input, if anything.
    fn input(&mut self) -> Option<&mut dyn TakesInput> {
        None
    }

    /// What it does each frame and tick, if anything.
    fn ticks(&mut self) -> Option<&mut dyn Ticks> {
        None
    }

    /// What it shows, if anything.
    fn shows(&mut self) -> Option<&mut dyn Shows> {
        None
    }

    /// What it vetoes, if anything.
    fn vetoes(&mut self) -> Option<&mut dyn Vetoes> {
        None
    }

    /// What it does as the session's life goes on, if anything.
    fn lifecycle(&mut self) -> Option<&mut dyn Lifecycle> {
        None
    }
}

/// A part's input: each method has a default that takes nothing.
pub trait TakesInput {
    /// Runs a one-shot `action`; true when this part took it (later parts
    /// are then not offered it).
    fn act(&mut self, _action: Action, _world: &mut World, _events: &mut Events) -> bool {
        false
    }

    /// A key pressed with Ctrl held (the modifiers are the world's); true
    /// when this part made a chord of it (its action is then not run).
    fn chord(
        &mut self,
        _key: KeyCode,
        _repeat: bool,
        _world: &mut World,
        _events: &mut Events,
    ) -> bool {
        false
    }

    /// The pointer moved, a mouse button, or the wheel; true when this part
    /// took it.
    fn pointer(&mut self, _input: Input, _world: &mut World, _events: &mut Events) -> bool {
        false
    }

    /// A change from the property panel; true when this part took it.
    fn property(
        &mut self,
        _change: PropertyChange,
        _world: &mut World,
        _events: &mut Events,
    ) -> bool {
        false
    }

    /// Reads the events the other parts sent it (after the pointer, with
    /// the cursor point up to date).
    fn read_events(&mut self, _world: &mut World, _events: &mut Events) {}

    /// Adds this part's offer towards the cursor point and aimed item.
    fn offer_aim(&self, _world: &World, _offer: &mut AimOffer) {}

    /// Takes the parts' offers: the part that owns the cursor point and
    /// aimed item sets them in the world.
    fn take_aim(&mut self, _offer: &AimOffer, _world: &mut World) {}
}

/// A part's frames and ticks: each method has a default that does
/// nothing.
pub trait Ticks {
    /// Once a frame, before its ticks: takes finished work off the main
    /// thread; with `wait` (a script's simulated time) waits for work whose
    /// result a script must see at the same tick on any machine.
    fn update(&mut self, _wait: bool, _world: &mut World, _events: &mut Events) {}

    /// The simulation seconds that `seconds` of session time cover, when
    /// this part sets the pace (a demo playing at its speed).
    fn pace(&self, _seconds: f64) -> Option<f64> {
        None
    }

    /// Ticks to run besides those the frame covers (a paused demo's single
    /// step), once.
    fn extra_ticks(&mut self) -> u32 {
        0
    }

    /// Steps the simulation through this tick instead of the held input
    /// (a demo playing); true when it did.
    fn drive_tick(&mut self, _world: &mut World) -> bool {
        false
    }

    /// After each simulation tick; `input` is what the walker was given,
    /// unless a part drove it.
    fn tick(&mut self, _input: Option<&TickInput>, _world: &mut World) {}
}

/// What a part shows: each method has a default that shows nothing.
pub trait Shows {
    /// Adds this part's lines to the HUD.
    fn hud(&self, _world: &World, _lines: &mut Vec<String>) {}

    /// Adds this part's share to the frame.
    fn frame<'a>(&'a mut self, _world: &'a World, _share: &mut FrameShare<'a>) {}
}

/// What a part vetoes: each method has a default that vetoes nothing.
pub trait Vetoes {
    /// Whether a reload must wait (work on the live level is under way).
    fn holds_reloads(&self) -> bool {
        false
    }

    /// Whether the reload `built` may go live.
    fn may_reload(&mut self, _built: &BuiltLevel, _world: &mut World) -> ReloadVerdict {
        ReloadVerdict::Go
    }

    /// Whether this part is writing the level's files: a page closed now
    /// would lose what is not written yet, so the page asks first.
    fn writes_files(&self) -> bool {
        false
    }

    /// Whether quitting `by` this request may go ahead.
    fn may_quit(&mut self, _by: QuitBy, _world: &mut World) -> bool {
        true
    }
}

/// What a part does as the session's life goes on: each method has a
/// default that does nothing.
pub trait Lifecycle {
    /// Starts a demo, if this part records and plays them: takes `start`.
    fn start_demo(
        &mut self,
        _start: &mut Option<DemoStart>,
        _world: &mut World,
    ) -> anyhow::Result<()> {
        Ok(())
    }

    /// The level changed, for `cause` (the world holds the new one; `old`
    /// is the previous collider).
    fn level_changed(&mut self, _old: &Collider, _cause: &LevelCause, _world: &mut World) {}

    /// From now on the main thread goes on while this part's long work
    /// runs on its workers (the window's way); `latch` holds the work (a
    /// test's). Without this call the work is waited for where it starts.
    fn work_in_background(&mut self, _latch: Option<JobLatch>) {}

    /// The session ends: work still running is waited for, and what this
    /// part writes is finished.
    fn finish(&mut self, _world: &mut World, _events: &mut Events) -> anyhow::Result<()> {
        Ok(())
    }
}

/// The session's parts, in the one order they are offered everything;
/// each capability's parts are those that have it, in that order.
#[derive(Debug)]
pub struct Parts(Vec<Box<dyn Part>>);

impl Parts {
    /// The parts, in the order they are to be offered everything.
    pub fn new(parts: Vec<Box<dyn Part>>) -> Self {
        Self(parts)
    }

    /// Every part.
    pub fn all(&self) -> impl Iterator<Item = &dyn Part> {
        self.0.iter().map(Box::as_ref)
    }

    /// The part of type `T`, for a caller that knows it.
    pub fn find<T: Part>(&self) -> Option<&T> {
        self.all()
            .find_map(|part| (part as &dyn Any).downcast_ref::<T>())
    }

    /// The parts that take input.
    pub fn input(&mut self) -> impl Iterator<Item = &mut dyn TakesInput> {
        self.0.iter_mut().filter_map(|part| part.input())
    }

    /// The parts that follow frames and ticks.
    pub fn ticks(&mut self) -> impl Iterator<Item = &mut dyn Ticks> {
        self.0.iter_mut().filter_map(|part| part.ticks())
    }

    /// The parts that show something.
    pub fn shows(&mut self) -> impl Iterator<Item = &mut dyn Shows> {
        self.0.iter_mut().filter_map(|part| part.shows())
    }

    /// The parts that veto something.
    pub fn vetoes(&mut self) -> impl Iterator<Item = &mut dyn Vetoes> {
        self.0.iter_mut().filter_map(|part| part.vetoes())
    }

    /// The parts that follow the session's life.
    pub fn lifecycle(&mut self) -> impl Iterator<Item = &mut dyn Lifecycle> {
        self.0.iter_mut().filter_map(|part| part.lifecycle())
    }
}
