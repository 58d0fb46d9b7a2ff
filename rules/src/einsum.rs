//! NumPy's `einsum` subscripts (explicit mode, `"bij,bjk->bik"`): parsed into label numbers,
//! and the output shape of operands of given shapes.

use core::fmt;

use crate::check::counted;
use crate::symbol::Mode;
use crate::{BroadcastError, DynShape, ErrorKind, Form, MAX_RANK, Slot};

/// The most operands one einsum takes.
pub const MAX_OPERANDS: usize = 16;

/// The most distinct labels one einsum has: the 52 ASCII letters.
pub const MAX_LABELS: usize = 52;

/// Parsed einsum subscripts: for each operand, the label of each of its axes, as a number.
///
/// Labels are numbered output first: the output's axes carry labels `0 .. output_rank()` in
/// order, and the labels summed over (in no output) follow, in the order they first appear.
/// Spaces are ignored, as NumPy ignores them.
///
/// ```
/// use shapecast_rules::Einsum;
///
/// let spec = Einsum::parse("bij, bjk -> bik", 2)?;
/// assert_eq!((spec.operands(), spec.output_rank(), spec.label_count()), (2, 3, 4));
/// assert_eq!(spec.labels_of(0), [0, 1, 3]); // b i j: j is summed, label 3
/// assert_eq!(spec.labels_of(1), [0, 3, 2]); // b j k
/// assert_eq!(spec.letter(3), 'j');
/// assert_eq!(spec.to_string(), "bij,bjk->bik");
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Einsum {
    operands: u8,
    ranks: [u8; MAX_OPERANDS],
    axes: [[u8; MAX_RANK]; MAX_OPERANDS],
    out_rank: u8,
    labels: u8,
    letters: [u8; MAX_LABELS],
}

/// The letter of a letter index: `a`-`z` are 0-25, `A`-`Z` 26-51.
const fn letter_of(index: u8) -> u8 {
    if index < 26 { b'a' + index } else { b'A' + (index - 26) }
}

/// The letter index of an ASCII letter.
const fn index_of(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

/// An einsum's error: `shapes` are the shapes it names, `subscripts` what was written (kept as
/// its characters, in the error's list).
fn error(subscripts: &[usize], kind: ErrorKind, shapes: [&[usize]; 2]) -> BroadcastError {
    BroadcastError::new(Form::Einsum, kind, shapes[0], shapes[1]).naming_list(subscripts)
}

/// The first characters of `text` as numbers, one more than an error keeps, so that the error
/// knows when it cut the text short.
fn characters(text: &str) -> ([usize; MAX_RANK + 1], usize) {
    let mut out = [0; MAX_RANK + 1];
    let mut n = 0;
    for (slot, c) in out.iter_mut().zip(text.chars()) {
        *slot = c as usize;
        n += 1;
    }
    (out, n)
}

impl Einsum {
    const EMPTY: Einsum = Einsum {
        operands: 0,
        ranks: [0; MAX_OPERANDS],
        axes: [[0; MAX_RANK]; MAX_OPERANDS],
        out_rank: 0,
        labels: 0,
        letters: [0; MAX_LABELS],
    };

    /// Parses `subscripts` for `operands` operands, by NumPy's rules for explicit mode.
    ///
    /// Each operand's subscript is a run of labels (ASCII letters), one per axis; they are
    /// separated by commas, and `->` is followed by the output's labels. A label repeated
    /// within an operand takes the diagonal; a label missing from the output is summed over.
    /// The output's labels are distinct, and each appears in an operand. `...` (NumPy's
    /// broadcast axes) is refused, as is implicit mode (no `->`). At most [`MAX_OPERANDS`]
    /// operands and [`MAX_RANK`] labels per operand.
    ///
    /// ```
    /// use shapecast_rules::Einsum;
    ///
    /// assert!(Einsum::parse("ii->i", 1).is_ok());
    /// let err = |s, n| Einsum::parse(s, n).unwrap_err().to_string();
    /// assert_eq!(
    ///     err("bij,bjk->bil", 2),
    ///     "einsum \"bij,bjk->bil\": output label `l` (axis 2 of the output) appears in no operand; \
    ///      each output label must label an axis of an operand"
    /// );
    /// assert_eq!(
    ///     err("ij,jk", 2),
    ///     "einsum \"ij,jk\": no `->`: write the output's labels after `->`, as in \"ij,jk->ik\" \
    ///      (a product) or \"ij->\" (a total); only NumPy's explicit mode is supported"
    /// );
    /// assert_eq!(
    ///     err("ij,jk->ik", 3),
    ///     "einsum \"ij,jk->ik\": 2 subscripts (before `->`, separated by commas) but 3 operands; \
    ///      there must be one subscript per operand"
    /// );
    /// ```
    pub fn parse(subscripts: &str, operands: usize) -> Result<Einsum, BroadcastError> {
        let (text, len) = characters(subscripts);
        let fail = |kind| Err(error(&text[..len], kind, [&[], &[]]));
        // The characters, each a label or a separator; the arrow, once.
        let mut arrow = None;
        let mut skip = false;
        for (at, (byte, c)) in subscripts.char_indices().enumerate() {
            if core::mem::take(&mut skip) {
                continue;
            }
            let rest = &subscripts[byte..];
            match c {
                ' ' => {}
                'a'..='z' | 'A'..='Z' => {}
                ',' if arrow.is_none() => {}
                '-' if arrow.is_none() && rest.starts_with("->") => {
                    arrow = Some(byte);
                    skip = true;
                }
                '.' if rest.starts_with("...") => return fail(ErrorKind::EinsumEllipsis { at }),
                found => return fail(ErrorKind::EinsumNotALabel { at, found }),
            }
        }
        let Some(arrow) = arrow else { return fail(ErrorKind::EinsumNoArrow) };
        let (inputs, output) = (&subscripts[..arrow], &subscripts[arrow + 2..]);
        let count = inputs.split(',').count();
        if count != operands {
            return fail(ErrorKind::EinsumOperandCount { subscripts: count, operands });
        }
        if operands > MAX_OPERANDS {
            return fail(ErrorKind::EinsumTooManyOperands { operands });
        }

        // Each operand's letters (as letter indices), and which letters the inputs have.
        let mut spec = Einsum::EMPTY;
        spec.operands = operands as u8;
        let mut seen = [false; MAX_LABELS];
        for (o, sub) in inputs.split(',').enumerate() {
            let letters = sub.bytes().filter_map(index_of);
            let rank = letters.clone().count();
            if rank > MAX_RANK {
                return fail(ErrorKind::TooManyAxes { slot: Slot::Operand(o), rank });
            }
            spec.ranks[o] = rank as u8;
            for (axis, letter) in letters.enumerate() {
                spec.axes[o][axis] = letter;
                seen[letter as usize] = true;
            }
        }

        // The output's letters: each in an input, each once. Labels 0.. in output order.
        let mut number = [u8::MAX; MAX_LABELS];
        for (axis, letter) in output.bytes().filter_map(index_of).enumerate() {
            let label = letter_of(letter) as char;
            if !seen[letter as usize] {
                return fail(ErrorKind::EinsumUnknownLabel { label, axis });
            }
            if number[letter as usize] != u8::MAX {
                let first = number[letter as usize] as usize;
                return fail(ErrorKind::EinsumRepeatedOutput { label, axes: [first, axis] });
            }
            number[letter as usize] = axis as u8;
            spec.letters[axis] = letter_of(letter);
            spec.out_rank += 1;
        }
        spec.labels = spec.out_rank;
        // The summed labels, in the order they first appear; then each axis's number.
        for o in 0..operands {
            for axis in 0..spec.ranks[o] as usize {
                let letter = spec.axes[o][axis] as usize;
                if number[letter] == u8::MAX {
                    number[letter] = spec.labels;
                    spec.letters[spec.labels as usize] = letter_of(letter as u8);
                    spec.labels += 1;
                }
                spec.axes[o][axis] = number[letter];
            }
        }
        Ok(spec)
    }

    /// Subscripts from label numbers, as [`parse`](Self::parse) numbers them (what `einsum!`
    /// writes into its expansion, as a constant): `letters[l]` is label `l`'s letter,
    /// `operands[o]` operand `o`'s labels, and the output is labels `0 .. output_rank`.
    #[doc(hidden)]
    pub const fn from_labels(letters: &[u8], operands: &[&[u8]], output_rank: usize) -> Einsum {
        let mut spec = Einsum::EMPTY;
        let mut l = 0;
        while l < letters.len() {
            spec.letters[l] = letters[l];
            l += 1;
        }
        spec.labels = letters.len() as u8;
        spec.out_rank = output_rank as u8;
        spec.operands = operands.len() as u8;
        let mut o = 0;
        while o < operands.len() {
            spec.ranks[o] = operands[o].len() as u8;
            let mut axis = 0;
            while axis < operands[o].len() {
                spec.axes[o][axis] = operands[o][axis];
                axis += 1;
            }
            o += 1;
        }
        spec
    }

    /// The number of operands.
    pub const fn operands(&self) -> usize {
        self.operands as usize
    }

    /// The rank of operand `o` (its number of labels).
    pub const fn rank(&self, o: usize) -> usize {
        self.ranks[o] as usize
    }

    /// The label of axis `axis` of operand `o`.
    pub const fn label(&self, o: usize, axis: usize) -> usize {
        self.axes[o][axis] as usize
    }

    /// The labels of operand `o`'s axes, in order.
    pub fn labels_of(&self, o: usize) -> &[u8] {
        &self.axes[o][..self.ranks[o] as usize]
    }

    /// The output's rank: its axes carry labels `0 .. output_rank()`.
    pub const fn output_rank(&self) -> usize {
        self.out_rank as usize
    }

    /// How many distinct labels there are; those from `output_rank()` on are summed over.
    pub const fn label_count(&self) -> usize {
        self.labels as usize
    }

    /// The letter of label `l` (`?` past the labels).
    pub fn letter(&self, l: usize) -> char {
        self.letter_byte(l) as char
    }

    /// The letter of label `l` as a byte, `?` past the labels.
    fn letter_byte(&self, l: usize) -> u8 {
        match self.letters.get(l) {
            Some(&c) if l < self.label_count() => c,
            _ => b'?',
        }
    }

    /// The output shape for operands of shapes `operands`: each operand has one axis per
    /// label, and every axis a label names has one size (a size 1 does not stretch). Each
    /// output axis has its label's size; the element count must fit in `usize`.
    ///
    /// ```
    /// use shapecast_rules::Einsum;
    ///
    /// let spec = Einsum::parse("bij,bjk->bik", 2)?;
    /// assert_eq!(*spec.shape(&[&[8, 2, 3], &[8, 3, 4]])?, [8, 2, 4]);
    /// assert_eq!(
    ///     spec.shape(&[&[8, 2, 3], &[8, 1, 4]]).unwrap_err().to_string(),
    ///     "einsum \"bij,bjk->bik\": label `j` is axis 2 of operand 1 (size 3) and axis 1 of \
    ///      operand 2 (size 1); every axis a label names must have the same size (a size 1 \
    ///      does not stretch)"
    /// );
    /// # Ok::<(), shapecast_rules::BroadcastError>(())
    /// ```
    pub fn shape(&self, operands: &[&[usize]]) -> Result<DynShape, BroadcastError> {
        let (text, len) = self.characters();
        let fail = |kind, shapes| Err(error(&text[..len], kind, shapes));
        if let Some(at) = self.unreadable() {
            return fail(ErrorKind::EinsumNotALabel { at, found: '?' }, [&[], &[]]);
        }
        if operands.len() != self.operands() {
            let kind =
                ErrorKind::EinsumOperandCount { subscripts: self.operands(), operands: operands.len() };
            return fail(kind, [&[], &[]]);
        }
        // The first axis of each label: (operand, axis, size).
        let mut first: [Option<(usize, usize, usize)>; MAX_LABELS] = [None; MAX_LABELS];
        for (o, shape) in operands.iter().enumerate() {
            if shape.len() != self.rank(o) {
                let kind = ErrorKind::EinsumRank { operand: o, labels: self.rank(o), rank: shape.len() };
                return fail(kind, [shape, &[]]);
            }
            for (axis, (&size, &label)) in shape.iter().zip(self.labels_of(o)).enumerate() {
                match first[label as usize] {
                    None => first[label as usize] = Some((o, axis, size)),
                    Some((o1, a1, s1)) if s1 != size => {
                        let kind = ErrorKind::EinsumSizes {
                            label: self.letter(label as usize),
                            operands: [o1 as u8, o as u8],
                            axes: [a1, axis],
                            sizes: [s1, size],
                        };
                        return fail(kind, [operands[o1], shape]);
                    }
                    Some(_) => {}
                }
            }
        }
        let mut out = DynShape::scalar();
        for entry in &first[..self.output_rank()] {
            out.push(entry.map_or(0, |(_, _, size)| size));
        }
        counted(Mode::Plain, out, |kind| error(&text[..len], kind, [out.as_slice(), &[]]))
    }

    /// Where the subscripts, as [`Display`](fmt::Display) writes them, first hold a label
    /// number past the labels (subscripts made by hand with [`from_labels`](Self::from_labels)
    /// may), which has no letter and no size: its character's position, counted from 0.
    fn unreadable(&self) -> Option<usize> {
        let labels = self.label_count().min(MAX_LABELS);
        let mut at = 0;
        for o in 0..self.operands() {
            at += usize::from(o > 0); // the comma
            if let Some(axis) = self.labels_of(o).iter().position(|&l| usize::from(l) >= labels) {
                return Some(at + axis);
            }
            at += self.rank(o);
        }
        // The output's labels are 0 .. output_rank: past the labels from `labels` on.
        (self.output_rank() > labels).then_some(at + 2 + labels)
    }

    /// The subscripts as written by [`Display`](fmt::Display), as numbers, cut as
    /// [`characters`] cuts them.
    fn characters(&self) -> ([usize; MAX_RANK + 1], usize) {
        let mut out = [0; MAX_RANK + 1];
        let mut n = 0;
        let mut put = |c: u8| {
            if let Some(slot) = out.get_mut(n) {
                *slot = c as usize;
                n += 1;
            }
        };
        for o in 0..self.operands() {
            if o > 0 {
                put(b',');
            }
            // (A label past the labels, in subscripts made by hand, is written `?`.)
            self.labels_of(o).iter().for_each(|&l| put(self.letter_byte(usize::from(l))));
        }
        put(b'-');
        put(b'>');
        (0..self.output_rank()).for_each(|l| put(self.letter_byte(l)));
        (out, n)
    }
}

impl fmt::Display for Einsum {
    /// The subscripts, without spaces: `bij,bjk->bik`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, len) = self.characters();
        if len > MAX_RANK {
            // Longer than `characters` keeps: write it whole.
            for o in 0..self.operands() {
                if o > 0 {
                    f.write_str(",")?;
                }
                for &l in self.labels_of(o) {
                    write!(f, "{}", self.letter(l as usize))?;
                }
            }
            f.write_str("->")?;
            return (0..self.output_rank()).try_for_each(|l| write!(f, "{}", self.letter(l)));
        }
        text[..len].iter().try_for_each(|&c| write!(f, "{}", c as u8 as char))
    }
}

impl fmt::Debug for Einsum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Einsum(\"{self}\")")
    }
}

/// The output shape of NumPy's `einsum` in explicit mode (`numpy.einsum`), for operands of
/// shapes `operands`: [`Einsum::parse`], then [`Einsum::shape`].
///
/// Each operand's subscript labels its axes, one ASCII letter per axis; every axis a label
/// names has the same size (a size 1 does not stretch); the output has the sizes of its labels.
/// A label repeated within one operand takes the diagonal, and a label missing from the
/// output is summed over.
///
/// ```
/// use shapecast_rules::einsum_shape;
///
/// assert_eq!(*einsum_shape("bhqd,bhkd->bhqk", &[&[2, 8, 16, 64], &[2, 8, 32, 64]])?, [2, 8, 16, 32]);
/// assert_eq!(*einsum_shape("ii->i", &[&[3, 3]])?, [3]);
/// assert_eq!(*einsum_shape("i,i->", &[&[3], &[3]])?, []);
/// assert_eq!(
///     einsum_shape("ij,jk->ik", &[&[2, 3, 1], &[3, 4]]).unwrap_err().to_string(),
///     "einsum \"ij,jk->ik\": operand 1 (`ij`) has 2 labels but its shape [2, 3, 1] has 3 axes; \
///      an operand has one label per axis"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn einsum_shape(subscripts: &str, operands: &[&[usize]]) -> Result<DynShape, BroadcastError> {
    let spec = Einsum::parse(subscripts, operands.len())?;
    spec.shape(operands).map_err(|e| {
        // Name the subscripts as written, spaces and all.
        let (text, len) = characters(subscripts);
        e.naming_list(&text[..len])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(subscripts: &str, shapes: &[&[usize]]) -> String {
        einsum_shape(subscripts, shapes).unwrap_err().to_string()
    }

    #[test]
    fn shapes_of_the_usual_forms() {
        let ok = |s, shapes: &[&[usize]]| einsum_shape(s, shapes).unwrap().to_vec();
        assert_eq!(ok("ij,jk->ik", &[&[2, 3], &[3, 4]]), [2, 4]);
        assert_eq!(ok("ij->ji", &[&[2, 3]]), [3, 2]);
        assert_eq!(ok("ij->", &[&[2, 3]]), [0usize; 0]);
        assert_eq!(ok("ii->", &[&[3, 3]]), [0usize; 0]);
        assert_eq!(ok("i,j->ij", &[&[2], &[5]]), [2, 5]);
        assert_eq!(ok("ij,jk,kl->il", &[&[2, 3], &[3, 4], &[4, 5]]), [2, 5]);
        assert_eq!(ok(",->", &[&[], &[]]), [0usize; 0]);
        assert_eq!(ok("i,i->i", &[&[0], &[0]]), [0]);
        assert_eq!(ok(" a b , b c -> c a ", &[&[2, 3], &[3, 4]]), [4, 2]);
    }

    #[test]
    fn hand_made_subscripts_past_their_labels_are_refused_not_a_panic() {
        // Label 60 has no letter (52 at most), label 2 none of the two given.
        let past = Einsum::from_labels(b"ij", &[&[0, 60]], 2);
        assert_eq!(past.to_string(), "i?->ij");
        assert_eq!(
            past.shape(&[&[3, 2]]).unwrap_err().to_string(),
            "einsum \"i?->ij\": `?` (character 1) is not a label; labels are ASCII letters, `a` to `z` and `A` to `Z`"
        );
        let unnamed = Einsum::from_labels(b"ij", &[&[0, 1], &[1, 2]], 2);
        assert_eq!(unnamed.to_string(), "ij,j?->ij");
        assert_eq!(
            unnamed.shape(&[&[3, 2], &[2, 4]]).unwrap_err().kind(),
            ErrorKind::EinsumNotALabel { at: 4, found: '?' }
        );
        // An output of more labels than there are.
        // (Empty subscripts, written so, are named so: the quotes stay.)
        assert!(text("", &[&[]]).starts_with("einsum \"\": no `->`"));
        let wide = Einsum::from_labels(b"i", &[&[0]], 3);
        assert_eq!(wide.to_string(), "i->i??");
        assert_eq!(wide.shape(&[&[3]]).unwrap_err().kind(), ErrorKind::EinsumNotALabel { at: 4, found: '?' });
    }

    #[test]
    fn each_mistake_is_named() {
        assert_eq!(
            text("i1,jk->ik", &[&[2, 3], &[3, 4]]),
            "einsum \"i1,jk->ik\": `1` (character 1) is not a label; labels are ASCII letters, `a` to `z` and `A` to `Z`"
        );
        assert_eq!(
            text("...ij->...ji", &[&[2, 3]]),
            "einsum \"...ij->...ji\": `...` (character 0) is not supported: give each axis a label of its own"
        );
        assert_eq!(
            text("ij->i,j", &[&[2, 3]]),
            "einsum \"ij->i,j\": `,` (character 5) is not a label; labels are ASCII letters, `a` to `z` and \
             `A` to `Z`, and the output is one subscript, without commas"
        );
        assert_eq!(
            text("ij->i->j", &[&[2, 3]]),
            "einsum \"ij->i->j\": `-` (character 5) is not a label; labels are ASCII letters, `a` to `z` and \
             `A` to `Z`, and `->` comes once, before the output's labels"
        );
        assert_eq!(
            text("ij->ii", &[&[2, 3]]),
            "einsum \"ij->ii\": output label `i` is axes 0 and 1 of the output; the output's labels must be \
             distinct (a label repeated within an operand takes its diagonal: \"ii->i\")"
        );
        assert_eq!(
            text("ij,jk->ik", &[&[2, 3]]),
            "einsum \"ij,jk->ik\": 2 subscripts (before `->`, separated by commas) but 1 operand; there must be \
             one subscript per operand"
        );
        assert_eq!(
            text("ij->i", &[&[2, 3], &[3]]),
            "einsum \"ij->i\": 1 subscript (before `->`, separated by commas) but 2 operands; there must be one \
             subscript per operand"
        );
        assert_eq!(
            text("ii->i", &[&[2, 3]]),
            "einsum \"ii->i\": label `i` is axis 0 of operand 1 (size 2) and axis 1 of operand 1 (size 3); every \
             axis a label names must have the same size (a size 1 does not stretch)"
        );
        let many = ["i"; 17].join(",") + "->i";
        assert_eq!(
            text(&many, &[&[2usize][..]; 17]),
            "einsum \"i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i->i\": 17 operands; at most 16 are supported"
        );
        let long = "i".repeat(65) + "->";
        assert_eq!(
            text(&long, &[&[1usize; 65][..]]),
            "einsum \"iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii…\": operand 1 has 65 labels; \
             at most 64 axes are supported"
        );
        let big = 1usize << 40;
        assert_eq!(
            text("i,j->ij", &[&[big], &[big]]),
            "einsum \"i,j->ij\": the result has more elements than usize can count"
        );
        assert_eq!(
            Einsum::parse("ij,jk->ik", 2).unwrap().shape(&[&[2, 3]]).unwrap_err().to_string(),
            "einsum \"ij,jk->ik\": 2 subscripts (before `->`, separated by commas) but 1 operand; there must be \
             one subscript per operand"
        );
    }

    #[test]
    fn the_first_mistake_from_the_left_is_the_one_named() {
        assert_eq!(
            Einsum::parse("i1,j", 2).unwrap_err().kind(),
            ErrorKind::EinsumNotALabel { at: 1, found: '1' }
        );
        assert_eq!(Einsum::parse("ij,j", 2).unwrap_err().kind(), ErrorKind::EinsumNoArrow);
        assert_eq!(
            Einsum::parse("ij->kk", 1).unwrap_err().kind(),
            ErrorKind::EinsumUnknownLabel { label: 'k', axis: 0 }
        );
        assert_eq!(
            Einsum::parse("é->", 1).unwrap_err().kind(),
            ErrorKind::EinsumNotALabel { at: 0, found: 'é' }
        );
        assert_eq!(
            Einsum::parse(".->", 1).unwrap_err().kind(),
            ErrorKind::EinsumNotALabel { at: 0, found: '.' }
        );
    }

    #[test]
    fn labels_are_numbered_output_first() {
        let spec = Einsum::parse("ab,bc,cd->da", 3).unwrap();
        assert_eq!(spec.labels_of(0), [1, 2]);
        assert_eq!(spec.labels_of(1), [2, 3]);
        assert_eq!(spec.labels_of(2), [3, 0]);
        assert_eq!((spec.output_rank(), spec.label_count()), (2, 4));
        let again = Einsum::from_labels(b"dabc", &[&[1, 2], &[2, 3], &[3, 0]], 2);
        assert_eq!(again, spec);
        assert_eq!(again.to_string(), "ab,bc,cd->da");
        let all = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let spec = Einsum::parse(&format!("{all}->{all}"), 1).unwrap();
        assert_eq!(spec.to_string(), format!("{all}->{all}"));
    }
}
