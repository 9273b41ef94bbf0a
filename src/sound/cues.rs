//! What each thing that happens sounds like: the [`Recipe`] for a
//! footstep on each family of material, a landing, a door starting,
//! moving, stopping and giving way, a lift starting, moving and
//! stopping, a body striking, scraping and being
//! kicked, a teleport, an edit's placing, deleting and undoing; and how
//! loud each is for its measure (a fall's speed, an
//! impact's impulse). The figures are in docs/sound.md.

use super::family::Family;
use super::recipe::{Hiss, Recipe, Tone};

/// A held part: it plays until released.
const HELD: f32 = f32::INFINITY;

fn tone(frequency: f32, amplitude: f32, fade: f32) -> Tone {
    Tone {
        frequency,
        amplitude,
        fade,
    }
}

fn hiss(centre: f32, q: f32, amplitude: f32, fade: f32) -> Hiss {
    Hiss {
        centre,
        q,
        amplitude,
        fade,
    }
}

/// The short sound of `family` struck once: a footstep's, and each side
/// of an impact's.
pub fn strike(family: Family) -> Recipe {
    let (tones, hisses) = match family {
        Family::Wood => (
            vec![tone(120.0, 0.5, 0.05), tone(310.0, 0.2, 0.03)],
            vec![hiss(700.0, 2.0, 1.2, 0.04)],
        ),
        Family::Tiles => (
            vec![tone(2200.0, 0.15, 0.03)],
            vec![hiss(3000.0, 1.5, 1.4, 0.02)],
        ),
        Family::Stone => (
            vec![tone(90.0, 0.3, 0.04)],
            vec![hiss(1500.0, 1.0, 1.2, 0.035)],
        ),
        Family::Soft => (
            vec![tone(80.0, 0.2, 0.05)],
            vec![hiss(350.0, 0.8, 0.7, 0.06)],
        ),
        Family::Metal => (
            vec![
                tone(420.0, 0.3, 0.3),
                tone(1130.0, 0.2, 0.2),
                tone(2650.0, 0.1, 0.12),
            ],
            vec![hiss(4000.0, 2.0, 0.6, 0.02)],
        ),
    };
    Recipe { tones, hisses }
}

/// A footstep on `family`; `left` and right feet differ a little in
/// pitch, so that a walk does not sound like one sample repeated.
pub fn footstep(family: Family, left: bool) -> Recipe {
    let ratio = if left { 0.97 } else { 1.03 };
    strike(family).tuned(ratio).louder(0.5)
}

/// A step up onto a higher floor of `family`: a footstep with the knock
/// of a foot set down hard.
pub fn step_up(family: Family) -> Recipe {
    footstep(family, true).louder(1.3).with(Recipe {
        tones: vec![tone(150.0, 0.3, 0.06)],
        hisses: Vec::new(),
    })
}

/// How loud a landing at `speed` m/s is, against a footstep's 1.
pub fn landing_loudness(speed: f32) -> f32 {
    (speed / 3.0).clamp(0.3, 3.0)
}

/// Feet landing on `family` at `speed` m/s: both feet and the body's
/// weight, louder the faster.
pub fn landing(family: Family, speed: f32) -> Recipe {
    footstep(family, true)
        .with(Recipe {
            tones: vec![tone(70.0, 0.5, 0.1)],
            hisses: Vec::new(),
        })
        .louder(landing_loudness(speed))
}

/// A door starting to move: the latch and a creak, higher when it
/// opens.
pub fn door_start(opening: bool) -> Recipe {
    let creak = if opening { 900.0 } else { 750.0 };
    Recipe {
        tones: vec![tone(creak * 0.5, 0.08, 0.15)],
        hisses: vec![hiss(creak, 8.0, 1.5, 0.25), hiss(2500.0, 2.0, 0.5, 0.01)],
    }
}

/// A door moving, held until it stops: the rumble of the leaf on its
/// hinges or runner.
pub fn door_moving() -> Recipe {
    Recipe {
        tones: vec![tone(55.0, 0.05, HELD)],
        hisses: vec![hiss(160.0, 0.7, 0.5, HELD), hiss(1200.0, 6.0, 0.08, HELD)],
    }
}

/// A door stopping: closed, a clunk against the frame; open, a softer
/// knock against its stop.
pub fn door_stop(closed: bool) -> Recipe {
    let clunk = Recipe {
        tones: vec![tone(90.0, 0.6, 0.12), tone(240.0, 0.2, 0.05)],
        hisses: vec![hiss(600.0, 1.0, 1.0, 0.03)],
    };
    if closed { clunk } else { clunk.louder(0.4) }
}

/// A rise door starting to move: a hiss of air and a low mechanical
/// knock, higher when it opens (Doom's doors' own sounds, not a hinge's).
pub fn rise_door_start(opening: bool) -> Recipe {
    let knock = if opening { 140.0 } else { 110.0 };
    Recipe {
        tones: vec![tone(knock, 0.5, 0.1)],
        hisses: vec![hiss(3000.0, 1.5, 0.6, 0.35)],
    }
}

/// A rise door moving, held until it stops: the grind of a heavy block
/// in its track, lower than a leaf's rumble.
pub fn rise_door_moving() -> Recipe {
    Recipe {
        tones: vec![tone(38.0, 0.12, HELD)],
        hisses: vec![hiss(90.0, 0.5, 0.7, HELD)],
    }
}

/// A rise door stopping: shut, a slam of the block on the floor; open, a
/// dull knock in the ceiling.
pub fn rise_door_stop(closed: bool) -> Recipe {
    let slam = Recipe {
        tones: vec![tone(50.0, 0.9, 0.2), tone(130.0, 0.3, 0.08)],
        hisses: vec![hiss(400.0, 1.0, 1.2, 0.06)],
    };
    if closed { slam } else { slam.louder(0.35) }
}

/// A lift starting to move (or lowering again after giving way): a
/// clank of its catch and a short whine of its motor, higher when it
/// rises (Doom's lifts' own sounds, not a door's).
pub fn lift_start(lowering: bool) -> Recipe {
    let whine = if lowering { 320.0 } else { 420.0 };
    Recipe {
        tones: vec![tone(whine, 0.25, 0.3), tone(180.0, 0.4, 0.06)],
        hisses: vec![hiss(1500.0, 3.0, 0.5, 0.05)],
    }
}

/// A lift moving, held until it stops: the hum of its motor and the
/// rattle of its platform, between a door's rumble and a rise door's
/// grind.
pub fn lift_moving() -> Recipe {
    Recipe {
        tones: vec![tone(70.0, 0.1, HELD), tone(140.0, 0.04, HELD)],
        hisses: vec![hiss(250.0, 2.0, 0.5, HELD)],
    }
}

/// A lift stopping: down, a heavy clunk of the platform on its stops; up
/// at rest, the same at 0.5.
pub fn lift_stop(down: bool) -> Recipe {
    let clunk = Recipe {
        tones: vec![tone(75.0, 0.7, 0.15), tone(300.0, 0.2, 0.04)],
        hisses: vec![hiss(800.0, 1.0, 0.9, 0.04)],
    };
    if down { clunk } else { clunk.louder(0.5) }
}

/// A closing door giving way to what it would squeeze: a heavy thud.
pub fn door_gave_way() -> Recipe {
    Recipe {
        tones: vec![tone(60.0, 0.8, 0.2)],
        hisses: vec![hiss(300.0, 1.0, 1.0, 0.05)],
    }
}

/// Impulses below this (N·s) make no sound: a body settling.
const QUIETEST_IMPULSE: f32 = 0.05;

/// How loud an impact of `impulse` N·s is, against a footstep's 1;
/// `None` below hearing.
pub fn impact_loudness(impulse: f32) -> Option<f32> {
    (impulse >= QUIETEST_IMPULSE).then(|| (impulse / 4.0).min(2.5))
}

/// A body of `own` striking `struck` (none: the walker, which sounds
/// soft) with `impulse` N·s; `None` below hearing.
pub fn impact(own: Family, struck: Option<Family>, impulse: f32) -> Option<Recipe> {
    let loudness = impact_loudness(impulse)?;
    let other = strike(struck.unwrap_or(Family::Soft));
    Some(strike(own).with(other).louder(loudness))
}

/// A body of `family` sliding along the floor, held until it stops; its
/// loudness follows its speed ([`scrape_loudness`]).
pub fn scrape(family: Family) -> Recipe {
    let (centre, q) = match family {
        Family::Soft => (500.0, 0.8),
        Family::Metal => (3000.0, 3.0),
        Family::Wood | Family::Tiles | Family::Stone => (1500.0, 1.2),
    };
    Recipe {
        tones: Vec::new(),
        hisses: vec![hiss(centre, q, 0.6, HELD), hiss(200.0, 0.7, 0.4, HELD)],
    }
}

/// How loud a body sliding at `speed` m/s scrapes, 0 to 1.
pub fn scrape_loudness(speed: f32) -> f32 {
    (speed / 3.0).clamp(0.0, 1.0)
}

/// A kick of `impulse` N·s: the foot's thump.
pub fn kick(impulse: f32) -> Recipe {
    Recipe {
        tones: vec![tone(80.0, 0.6, 0.08)],
        hisses: vec![hiss(400.0, 1.0, 0.8, 0.02)],
    }
    .louder((impulse / 6.0).clamp(0.3, 2.0))
}

/// A teleport: a rising chord of three tones and a wide rush of noise,
/// fading over half a second, heard at the ear where the eye arrives.
pub fn teleport() -> Recipe {
    Recipe {
        tones: vec![
            tone(220.0, 0.3, 0.5),
            tone(330.0, 0.25, 0.4),
            tone(440.0, 0.2, 0.3),
        ],
        hisses: vec![hiss(1800.0, 0.6, 1.0, 0.45)],
    }
}

/// An item placed (or changed) in edit mode: a short wooden knock with a
/// bright click on top.
pub fn placed() -> Recipe {
    Recipe {
        tones: vec![tone(660.0, 0.25, 0.06), tone(990.0, 0.12, 0.04)],
        hisses: vec![hiss(2500.0, 2.0, 0.5, 0.015)],
    }
}

/// An item deleted in edit mode: a falling pair of low tones and a puff
/// of noise.
pub fn deleted() -> Recipe {
    Recipe {
        tones: vec![tone(330.0, 0.25, 0.08), tone(220.0, 0.2, 0.12)],
        hisses: vec![hiss(800.0, 0.8, 0.6, 0.05)],
    }
}

/// A step undone or redone in edit mode: a soft two-tone chirp, unlike
/// a placing or a deleting.
pub fn undone() -> Recipe {
    Recipe {
        tones: vec![tone(523.0, 0.18, 0.1), tone(784.0, 0.14, 0.07)],
        hisses: Vec::new(),
    }
}
