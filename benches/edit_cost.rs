//! What one edit costs on the main thread: from the key that makes it to
//! the renderer drawing the edited level (the session's edit, the scene
//! change the shell hands the renderer, and the next frame, waited for on
//! the device), on the house and on mazes of 24×24, 300×300 and 1425×1425
//! cells. Every kind of edit: a wall deleted and added, a lamp, an
//! obstacle and a door placed, the start set, a material given, an item
//! carried, and each one's undo. It prints the figures of
//! `docs/benchmarks.md` and asserts only that each edit happened: no
//! figure depends on the machine's speed.
//!
//! Each line gives the median edit's times, then the slowest round's
//! session and scene, by the clock on the wall and by the main thread's
//! CPU clock: on a machine with few cores the two differ by the time the
//! main thread waited for a core (the renderer's and the live checks'
//! threads run beside it).
//!
//! ```sh
//! cargo bench --bench edit_cost                   # every level
//! cargo bench --bench edit_cost -- maze1425       # or some: house, maze24, maze300, maze1425
//! ```

/// The levels measured: the word that chooses each on the command line,
/// its name in the figures, and a maze's cells a side (0: the house).
const LEVELS: [(&str, &str, u32); 4] = [
    ("house", "house", 0),
    ("maze24", "maze 24x24", 24),
    ("maze300", "maze 300x300", 300),
    ("maze1425", "maze 1425x1425", 1425),
];

#[cfg(unix)]
fn main() {
    // `cargo bench` passes `--bench`; the other words choose levels.
    let chosen: Vec<String> = std::env::args()
        .skip(1)
        .filter(|word| !word.starts_with("--"))
        .collect();
    for (word, name, cells) in LEVELS {
        if chosen.is_empty() || chosen.iter().any(|chosen| chosen == word) {
            let level = match cells {
                0 => mazewalker::level::Level::default_house(),
                cells => mazewalker::level::Level::maze(cells, cells, 1).expect("a valid maze"),
            };
            measuring::measure(name, level);
        }
    }
}

#[cfg(not(unix))]
fn main() {
    eprintln!("edit_cost reads the main thread's CPU clock, which it reads on unix only");
}

#[path = "../tests/common/mod.rs"]
mod common;

#[cfg(unix)]
mod measuring {

    use crate::common;

    use std::collections::BTreeMap;
    use std::time::{Duration, Instant};

    use mazewalker::app::{Session, WindowOptions};
    use mazewalker::bindings::Action;
    use mazewalker::level::Level;
    use mazewalker::render::offscreen::render_target;
    use mazewalker::render::{Gpu, Renderer};
    use winit::keyboard::KeyCode;

    /// The frame's size: small, so that drawing the frame weighs little
    /// beside the edit.
    const SIZE: (u32, u32) = (320, 180);

    /// Rounds of edits timed per level (each: delete, undo, add, undo, then
    /// each of [`ON_THE_AIMED`] and [`PLACED`] and its undo).
    const ROUNDS: usize = 5;

    /// An edit besides a wall's, made by keys.
    struct OtherEdit {
        /// What the edit is called.
        kind: &'static str,
        /// The tool's key.
        tool: KeyCode,
        /// A key pressed once first (a door's first jamb, a carry's pick-up).
        first: Option<KeyCode>,
        /// A key pressed before each try (an outline's next point).
        each: Option<KeyCode>,
        /// Whether the first try turns first, as every later one does (not
        /// for an edit of what is aimed at already).
        turns_first: bool,
        /// The key that makes the edit, pressed after a little turn until it
        /// does.
        key: KeyCode,
    }

    /// The edits on the aimed item, made where the round's Delete aimed.
    const ON_THE_AIMED: [OtherEdit; 2] = [
        OtherEdit {
            kind: "material",
            tool: KeyCode::Digit1,
            first: None,
            each: None,
            turns_first: false,
            key: KeyCode::KeyN,
        },
        OtherEdit {
            kind: "carry",
            tool: KeyCode::Digit1,
            first: Some(KeyCode::KeyX),
            each: None,
            turns_first: true,
            key: KeyCode::KeyX,
        },
    ];

    /// The edits that place something at the cursor point. An obstacle's
    /// tries each plot a point and close the outline, which makes the
    /// obstacle once three points are off one line.
    const PLACED: [OtherEdit; 4] = [
        OtherEdit {
            kind: "lamp",
            tool: KeyCode::Digit3,
            first: None,
            each: None,
            turns_first: true,
            key: KeyCode::Space,
        },
        OtherEdit {
            kind: "obstacle",
            tool: KeyCode::Digit2,
            first: None,
            each: Some(KeyCode::Space),
            turns_first: true,
            key: KeyCode::Enter,
        },
        OtherEdit {
            kind: "door",
            tool: KeyCode::Digit4,
            first: Some(KeyCode::Space),
            each: None,
            turns_first: true,
            key: KeyCode::Space,
        },
        OtherEdit {
            kind: "start",
            tool: KeyCode::Digit5,
            first: None,
            each: None,
            turns_first: true,
            key: KeyCode::Space,
        },
    ];

    /// A session and the renderer that draws it, as the window has them.
    struct Drawn {
        gpu: Gpu,
        session: Session,
        renderer: Renderer,
        view: wgpu::TextureView,
    }

    /// One edit's main-thread time, split as it is spent.
    #[derive(Debug, Clone, Copy, Default)]
    struct EditTime {
        /// The session: the edit, the collider, every part told.
        session: Duration,
        /// The renderer takes the scene change.
        scene: Duration,
        /// The next frame, drawn and waited for.
        frame: Duration,
        /// The main thread's CPU time in the session and the scene change.
        edit_cpu: Duration,
    }

    impl EditTime {
        fn total(&self) -> Duration {
            self.session + self.scene + self.frame
        }

        /// The session and the scene change: the edit itself, before drawing.
        fn edit(&self) -> Duration {
            self.session + self.scene
        }
    }

    impl Drawn {
        fn new(gpu: Gpu, level: Level) -> Self {
            let options = WindowOptions {
                watch: false,
                size: SIZE,
                save_folder: Some(std::env::temp_dir()),
                ..WindowOptions::default()
            };
            let session = Session::new(level, &options);
            let (level, collider) = session.shared_level();
            let renderer = Renderer::new(
                &gpu,
                mazewalker::render::offscreen::OFFSCREEN_FORMAT,
                SIZE,
                mazewalker::render::RenderQuality::FAST,
                level,
                collider,
            )
            .expect("renderer");
            let view = render_target(&gpu, "edit cost", SIZE)
                .create_view(&wgpu::TextureViewDescriptor::default());
            let mut drawn = Self {
                gpu,
                session,
                renderer,
                view,
            };
            drawn.frame();
            drawn
        }

        /// Draws the session's frame and waits for the device.
        fn frame(&mut self) -> Duration {
            let started = Instant::now();
            let frame = self.session.frame();
            self.renderer.render_with_map(
                &self.gpu,
                &self.view,
                &frame.input(),
                frame.map.as_ref(),
            );
            self.gpu
                .device
                .poll(wgpu::PollType::wait_indefinitely())
                .expect("device");
            started.elapsed()
        }

        /// Runs `edit` on the session, hands the renderer the change and draws
        /// the next frame, timing each.
        fn timed(&mut self, edit: impl FnOnce(&mut Session)) -> EditTime {
            let cpu_before = thread_cpu_time();
            let started = Instant::now();
            edit(&mut self.session);
            let session = started.elapsed();
            let started = Instant::now();
            if let Some(change) = self.session.take_scene_change() {
                change.apply_to(&mut self.renderer).expect("scene");
            }
            let scene = started.elapsed();
            let edit_cpu = thread_cpu_time() - cpu_before;
            let frame = self.frame();
            EditTime {
                session,
                scene,
                frame,
                edit_cpu,
            }
        }

        fn wall_count(&self) -> usize {
            self.session.level().walls.len()
        }

        /// Walls, obstacles and lamps: Delete removes whichever is aimed at.
        fn item_count(&self) -> usize {
            let level = self.session.level();
            level.walls.len() + level.obstacles.len() + level.lights.len()
        }

        /// Makes each of `edits` in turn ([`make`](Self::make)): its time
        /// goes to `times` under its kind, its undo's to `undos`.
        fn make_each(
            &mut self,
            edits: &[OtherEdit],
            times: &mut BTreeMap<&'static str, Vec<EditTime>>,
            undos: &mut Vec<EditTime>,
        ) {
            for edit in edits {
                let (time, undo) = self.make(edit);
                times.entry(edit.kind).or_default().push(time);
                undos.push(undo);
            }
        }

        /// Makes `edit`: taps its key after turning a little, until the level
        /// differs from what it was (at most 20 tries). The time of the tap
        /// that changed it, then the time of its undo, which must give the
        /// level back.
        fn make(&mut self, edit: &OtherEdit) -> (EditTime, EditTime) {
            let OtherEdit {
                kind,
                tool,
                first,
                each,
                turns_first,
                key,
            } = *edit;
            common::tap(&mut self.session, tool);
            let before = self.session.level().clone();
            if let Some(first) = first {
                common::tap(&mut self.session, first);
            }
            for attempt in 0..20 {
                if turns_first || attempt > 0 {
                    self.turn(4);
                }
                if let Some(each) = each {
                    common::tap(&mut self.session, each);
                }
                let time = self.timed(|session| common::tap(session, key));
                if !same_items(self.session.level(), &before) {
                    let undo = self.timed(|session| common::ctrl_tap(session, KeyCode::KeyZ));
                    assert!(
                        same_items(self.session.level(), &before),
                        "undo took the {kind} back"
                    );
                    return (time, undo);
                }
            }
            panic!("{key:?} made no {kind} in 20 tries");
        }

        /// Turns right a little (ticks of the turn key), moving the crosshair's
        /// cursor point.
        fn turn(&mut self, ticks: u32) {
            common::hold(&mut self.session, KeyCode::ArrowRight, ticks);
            self.frame();
        }
    }

    /// Whether `a` and `b` hold the same walls, obstacles, lamps and doors,
    /// and the same start.
    fn same_items(a: &Level, b: &Level) -> bool {
        a.walls == b.walls
            && a.obstacles == b.obstacles
            && a.lights == b.lights
            && a.doors == b.doors
            && a.player == b.player
    }

    /// The median of `times` by total.
    fn median(mut times: Vec<EditTime>) -> EditTime {
        times.sort_by_key(EditTime::total);
        times[times.len() / 2]
    }

    /// The CPU time this thread has used.
    fn thread_cpu_time() -> Duration {
        let mut time = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `time` is a valid `timespec` for the call to write.
        let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
        assert_eq!(status, 0, "the thread's CPU clock");
        Duration::new(
            u64::try_from(time.tv_sec).expect("a time since the thread began"),
            u32::try_from(time.tv_nsec).expect("nanoseconds below a second"),
        )
    }

    fn ms(duration: Duration) -> f64 {
        duration.as_secs_f64() * 1000.0
    }

    /// Times `ROUNDS` rounds of edits on `level` and prints one line per kind
    /// of edit.
    pub fn measure(name: &str, level: Level) {
        let Some(gpu) = common::gpu_or_skip("edit_cost") else {
            return;
        };
        let mut drawn = Drawn::new(gpu, level);
        let plain_frame = drawn.frame();
        let opened = Instant::now();
        // Looking down, the crosshair meets the floor near the feet: turning
        // then moves the cursor point from one grid point to the next.
        common::hold(&mut drawn.session, KeyCode::PageDown, 60);
        drawn.session.act(Action::ToggleEdit);
        drawn.session.advance_ticks(2);
        assert!(drawn.session.is_editing(), "edit mode is on");
        let opening = opened.elapsed();
        drawn.frame();
        let (mut deletes, mut adds, mut undos) = (Vec::new(), Vec::new(), Vec::new());
        let mut others: BTreeMap<&'static str, Vec<EditTime>> = BTreeMap::new();
        for _ in 0..ROUNDS {
            let (walls, items) = (drawn.wall_count(), drawn.item_count());
            deletes.push(drawn.timed(|session| common::tap(session, KeyCode::Delete)));
            assert_eq!(
                drawn.item_count(),
                items - 1,
                "Delete removed the aimed item"
            );
            undos.push(drawn.timed(|session| common::ctrl_tap(session, KeyCode::KeyZ)));
            assert_eq!(drawn.item_count(), items, "undo put it back");
            drawn.make_each(&ON_THE_AIMED, &mut others, &mut undos);

            common::tap(&mut drawn.session, KeyCode::Space);
            let mut added = None;
            for _ in 0..20 {
                drawn.turn(4);
                let time = drawn.timed(|session| common::tap(session, KeyCode::Space));
                if drawn.wall_count() == walls + 1 {
                    added = Some(time);
                    break;
                }
            }
            adds.push(added.expect("Space built a wall once the cursor moved"));
            common::tap(&mut drawn.session, KeyCode::Enter);
            undos.push(drawn.timed(|session| common::ctrl_tap(session, KeyCode::KeyZ)));
            assert_eq!(drawn.wall_count(), walls, "undo took the new wall away");

            drawn.make_each(&PLACED, &mut others, &mut undos);
            common::tap(&mut drawn.session, KeyCode::Digit1);
        }
        println!(
            "{name}: {} walls; opening the edit session {:.1} ms; a frame without an edit {:.2} ms",
            drawn.wall_count(),
            ms(opening),
            ms(plain_frame)
        );
        let kinds = [("delete", deletes), ("add", adds)]
            .into_iter()
            .chain(others)
            .chain([("undo", undos)]);
        for (kind, times) in kinds {
            let slowest = times
                .iter()
                .copied()
                .max_by_key(EditTime::edit)
                .expect("rounds were timed");
            let time = median(times);
            println!(
                "{name}: {kind:8} total {:8.2} ms = session {:8.2} + scene {:8.2} + next frame {:7.2}; \
                 slowest edit {:7.2} ms, CPU {:7.2} ms",
                ms(time.total()),
                ms(time.session),
                ms(time.scene),
                ms(time.frame),
                ms(slowest.edit()),
                ms(slowest.edit_cpu)
            );
        }
    }
}
