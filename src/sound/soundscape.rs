//! The simulation heard: each tick's events turned into voices (a
//! footstep every stride walked, a door's or a lift's start, loop and
//! stop, a body's
//! impact, scrape and kick; and the editor's steps), the voices placed for the eye where it now
//! stands, and the mix rendered tick by tick. It reads the simulation
//! and never changes it.

use std::collections::BTreeMap;

use glam::Vec2;

use super::cues;
use super::family::Family;
use super::mixer::{Mixer, VoiceId};
use super::moment::Moment;
use super::recipe::Recipe;
use super::space::{Heard, Place, Surroundings};
use crate::collision::Collider;
use crate::config::SoundSettings;
use crate::edit::EditEvent;
use crate::level::{Level, MaterialId};
use crate::simulation::Event;

/// Metres walked between footsteps.
const STRIDE: f32 = 0.75;

/// Metres run between footsteps.
const RUNNING_STRIDE: f32 = 0.9;

/// A held voice that an event starts and a later one stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Loop {
    /// A door moving.
    Door(usize),
    /// A lift moving.
    Lift(usize),
    /// A body sliding.
    Scrape(usize),
}

/// A voice an event starts: what, where, how loud, and the loop it is.
#[derive(Debug, Clone, PartialEq)]
struct Cue {
    recipe: Recipe,
    place: Place,
    loudness: f32,
    loop_of: Option<Loop>,
}

impl Cue {
    /// A one-shot `recipe` at `place`.
    fn once(recipe: Recipe, place: Place) -> Self {
        Self {
            recipe,
            place,
            loudness: 1.0,
            loop_of: None,
        }
    }
}

/// The sounds of one level's simulation, tick by tick.
#[derive(Debug, Clone, PartialEq)]
pub struct Soundscape {
    mixer: Mixer,
    /// Each material's family, by [`MaterialId`].
    families: Vec<Family>,
    options: SoundSettings,
    /// Metres walked since the last footstep.
    walked: f32,
    /// Footsteps so far: which foot is next.
    footsteps: u64,
    /// The floor last walked on.
    floor: Family,
    /// Each moving door's loop.
    door_loops: BTreeMap<usize, VoiceId>,
    /// Each moving lift's loop.
    lift_loops: BTreeMap<usize, VoiceId>,
    /// Each sliding body's scrape.
    scrapes: BTreeMap<usize, VoiceId>,
    /// The doors that gave way last tick (a door held back tick after
    /// tick thuds once).
    giving_way: Vec<usize>,
    /// Edits made since the last tick, heard with the next: placed for
    /// the eye where that tick leaves it.
    edits: Vec<EditEvent>,
}

impl Soundscape {
    /// Silence, on `level`'s materials.
    pub fn new(level: &Level, options: SoundSettings) -> Self {
        let families = level
            .materials
            .iter()
            .map(|material| Family::of_material(&material.name))
            .collect();
        let mut soundscape = Self {
            mixer: Mixer::default(),
            families,
            options,
            walked: 0.0,
            footsteps: 0,
            floor: Family::Stone,
            door_loops: BTreeMap::new(),
            lift_loops: BTreeMap::new(),
            scrapes: BTreeMap::new(),
            giving_way: Vec::new(),
            edits: Vec::new(),
        };
        soundscape.floor = soundscape.family(level.environment.floor);
        soundscape
    }

    fn family(&self, material: MaterialId) -> Family {
        self.families
            .get(material.index())
            .copied()
            .unwrap_or(Family::Stone)
    }

    /// Hears `moment`, a tick of the simulation on `level`, through
    /// `collider` (the one the walker moves through): starts and stops
    /// voices for its events, and places every voice for the eye.
    pub fn hear(&mut self, moment: &Moment, level: &Level, collider: &Collider) {
        let surroundings = Surroundings {
            level,
            collider,
            leaves: &moment.leaves,
        };
        let ear = moment.ear;
        let hear = |place: &Place, loudness: f32| Heard::at(place, loudness, &ear, &surroundings);
        for edit in std::mem::take(&mut self.edits) {
            let cue = edit_cue(edit, &surroundings);
            let heard = hear(&cue.place, cue.loudness);
            self.mixer.play(&cue.recipe, cue.place, cue.loudness, heard);
        }
        let mut gave_way = Vec::new();
        for event in &moment.events {
            for cue in self.cues_for(event, moment, &surroundings) {
                let heard = hear(&cue.place, cue.loudness);
                let voice = self.mixer.play(&cue.recipe, cue.place, cue.loudness, heard);
                match cue.loop_of {
                    Some(Loop::Door(door)) => self.door_loops.insert(door, voice),
                    Some(Loop::Lift(lift)) => self.lift_loops.insert(lift, voice),
                    Some(Loop::Scrape(body)) => self.scrapes.insert(body, voice),
                    None => None,
                };
            }
            self.stop_loop(event);
            if let Event::DoorGaveWay { door } = *event {
                gave_way.push(door);
            }
        }
        self.giving_way = gave_way;
        self.follow_scrapes(moment, &surroundings);
        self.mixer.place_voices(hear);
    }

    /// The voices `event` starts: each recipe, its place and loudness.
    fn cues_for(
        &mut self,
        event: &Event,
        moment: &Moment,
        surroundings: &Surroundings,
    ) -> Vec<Cue> {
        let door_place = |door: usize| {
            let middle = moment.door_middles.get(door).copied();
            surroundings.place_at(middle.unwrap_or(Vec2::ZERO), Some(door))
        };
        let lift_place = |lift: usize| {
            let middle = moment.lift_middles.get(lift).copied();
            surroundings.place_at(middle.unwrap_or(Vec2::ZERO), None)
        };
        let rises = |door: usize| moment.door_rises.get(door).copied().unwrap_or(false);
        let feet = self.options.footsteps;
        let cue = |recipe: Recipe, place: Place| vec![Cue::once(recipe, place)];
        match *event {
            Event::Walked {
                distance,
                floor,
                running,
            } if feet => {
                self.floor = self.family(floor);
                self.walked += distance;
                let stride = if running { RUNNING_STRIDE } else { STRIDE };
                let mut steps = Vec::new();
                while self.walked >= stride {
                    self.walked -= stride;
                    self.footsteps += 1;
                    let left = self.footsteps % 2 == 1;
                    steps.push(Cue::once(cues::footstep(self.floor, left), Place::AtEar));
                }
                steps
            }
            Event::SteppedUp { .. } if feet => cue(cues::step_up(self.floor), Place::AtEar),
            Event::Landed { speed, .. } if feet => {
                cue(cues::landing(self.floor, speed), Place::AtEar)
            }
            Event::DoorStarted { door, opening } => {
                let (start, moving) = if rises(door) {
                    (cues::rise_door_start(opening), cues::rise_door_moving())
                } else {
                    (cues::door_start(opening), cues::door_moving())
                };
                let mut started = cue(start, door_place(door));
                if !self.door_loops.contains_key(&door) {
                    started.push(Cue {
                        loop_of: Some(Loop::Door(door)),
                        ..Cue::once(moving, door_place(door))
                    });
                }
                started
            }
            Event::DoorStopped { door, closed } => {
                let stop = if rises(door) {
                    cues::rise_door_stop(closed)
                } else {
                    cues::door_stop(closed)
                };
                cue(stop, door_place(door))
            }
            Event::DoorGaveWay { door } if !self.giving_way.contains(&door) => {
                cue(cues::door_gave_way(), door_place(door))
            }
            Event::LiftStarted { lift, lowering } => {
                let mut started = cue(cues::lift_start(lowering), lift_place(lift));
                if !self.lift_loops.contains_key(&lift) {
                    started.push(Cue {
                        loop_of: Some(Loop::Lift(lift)),
                        ..Cue::once(cues::lift_moving(), lift_place(lift))
                    });
                }
                started
            }
            Event::LiftStopped { lift, down } => cue(cues::lift_stop(down), lift_place(lift)),
            Event::LiftGaveWay { lift } => cue(cues::lift_start(true), lift_place(lift)),
            Event::Teleported { .. } => cue(cues::teleport(), Place::AtEar),
            Event::BodyKicked { at, impulse, .. } => cue(
                cues::kick(impulse.length()),
                surroundings.place_at(at, None),
            ),
            Event::BodyImpact {
                at,
                impulse,
                materials: (own, struck),
                ..
            } => {
                let struck = struck.map(|material| self.family(material));
                let recipe = cues::impact(self.family(own), struck, impulse);
                let place = surroundings.place_at(at, None);
                recipe
                    .into_iter()
                    .map(|recipe| Cue::once(recipe, place))
                    .collect()
            }
            Event::BodyStartedSliding { body } if !self.scrapes.contains_key(&body) => {
                let material = moment.bodies.get(body).and_then(|body| body.material);
                let family = material.map_or(Family::Stone, |material| self.family(material));
                let place = surroundings.place_at(body_position(moment, body), None);
                vec![Cue {
                    loudness: 0.0,
                    loop_of: Some(Loop::Scrape(body)),
                    ..Cue::once(cues::scrape(family), place)
                }]
            }
            _ => Vec::new(),
        }
    }

    /// Releases the loop `event` ends.
    fn stop_loop(&mut self, event: &Event) {
        let voice = match *event {
            Event::DoorStopped { door, .. } => self.door_loops.remove(&door),
            Event::LiftStopped { lift, .. } => self.lift_loops.remove(&lift),
            Event::BodyStoppedSliding { body } => self.scrapes.remove(&body),
            _ => None,
        };
        if let Some(voice) = voice {
            self.mixer.release(voice);
        }
    }

    /// Moves each scrape with its body, as loud as the body is fast.
    fn follow_scrapes(&mut self, moment: &Moment, surroundings: &Surroundings) {
        for (&body, &voice) in &self.scrapes {
            let speed = moment.bodies.get(body).map_or(0.0, |body| body.speed);
            let place = surroundings.place_at(body_position(moment, body), None);
            self.mixer
                .move_voice(voice, place, cues::scrape_loudness(speed));
        }
    }

    /// Hears `edit`, a step of editing, with the next tick: it is placed
    /// for the eye where that tick leaves it.
    pub fn hear_edit(&mut self, edit: EditEvent) {
        self.edits.push(edit);
    }

    /// How many voices play now.
    pub fn voices(&self) -> usize {
        self.mixer.voices()
    }

    /// Writes the next `frames.len()` samples of the mix (left, right)
    /// into `frames`.
    pub fn mix(&mut self, frames: &mut [[f32; 2]]) {
        frames.fill([0.0; 2]);
        self.mixer.mix_into(frames);
        let volume = self.options.volume;
        for frame in frames {
            frame[0] *= volume;
            frame[1] *= volume;
        }
    }
}

/// The voice a step of editing starts, where it happened.
fn edit_cue(edit: EditEvent, surroundings: &Surroundings) -> Cue {
    let (recipe, at) = match edit {
        EditEvent::Placed { at } => (cues::placed(), at),
        EditEvent::Deleted { at } => (cues::deleted(), at),
        EditEvent::Undone { at } => (cues::undone(), at),
    };
    Cue::once(recipe, surroundings.place_at(at, None))
}

/// Where body `body` is now (the origin when there is no such body).
fn body_position(moment: &Moment, body: usize) -> Vec2 {
    moment
        .bodies
        .get(body)
        .map_or(Vec2::ZERO, |body| body.position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulation::Simulation;
    use crate::walker::TickInput;

    /// The energy of each channel (left, right) of the house's first
    /// fifth of a second after the edits that `edits` makes, given the
    /// eye's place and its right, are heard with a tick of standing still.
    fn heard(edits: impl Fn(Vec2, Vec2) -> Vec<EditEvent>) -> [f64; 2] {
        let level = Level::default_house();
        let collider = level.collider();
        let mut simulation = Simulation::at_spawn(&level);
        simulation.step(&TickInput::default(), &collider);
        let mut soundscape = Soundscape::new(&level, SoundSettings::default());
        let eye = simulation.walker.position();
        for edit in edits(eye, simulation.walker.camera.flat_right()) {
            soundscape.hear_edit(edit);
        }
        soundscape.hear(&Moment::of(&simulation), &level, &collider);
        let mut frames = vec![[0.0; 2]; 9_600];
        soundscape.mix(&mut frames);
        let energy = |channel: usize| frames.iter().map(|f| f64::from(f[channel]).powi(2)).sum();
        [energy(0), energy(1)]
    }

    #[test]
    fn an_edit_is_heard_where_it_was_made_and_nothing_without_one() {
        let [left, right] = heard(|eye, right| vec![EditEvent::Placed { at: eye - right }]);
        assert!(
            left > 2.0 * right,
            "placed on the left: {left} against {right}"
        );
        let [left, right] = heard(|eye, right| vec![EditEvent::Deleted { at: eye + right }]);
        assert!(
            right > 2.0 * left,
            "deleted on the right: {left} against {right}"
        );
        let [left, right] = heard(|eye, _| vec![EditEvent::Undone { at: eye }]);
        assert!(left > 0.0 && right > 0.0, "undone at the eye");
        assert_eq!(
            heard(|_, _| Vec::new()),
            [0.0, 0.0],
            "standing still, no edit"
        );
    }
}
