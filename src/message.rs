//! One `#[diagnostic::on_unimplemented]` message for the traits of one check, written once.
//!
//! rustc prints the message of the trait whose impl it could not find, and that is not always
//! the trait a method names: a check reached through a blanket impl marked
//! `#[diagnostic::do_not_recommend]` is reported on the outer trait from a method's output, and
//! on the inner one from a bound. Both must then carry the same words; this macro writes them
//! once.

/// Writes traits that share one message.
///
/// The first form writes a check and the rule it holds through: the first trait, with one
/// blanket impl marked `do_not_recommend` over the second (its `Proof` passed on), and the
/// second, whose impls are written apart. Each has one associated type, `Proof`. `[…]` holds
/// the generic parameters as declared, `(…)` as passed; `where Self: Bound` adds a bound to
/// the blanket impl. Items after the two traits get the message too.
///
/// The second form puts the message on each of the items it is given.
macro_rules! one_message {
    (
        #[$message:meta]
        $(#[$outer_attr:meta])*
        pub trait $outer:ident [$($param:tt)*] ($($arg:tt)*) $(where Self: $bound:path)?;
        $(#[$inner_attr:meta])*
        pub trait $inner:ident;
        $(#[$proof_attr:meta])*
        type Proof;
        $($also:item)*
    ) => {
        #[$message]
        $(#[$outer_attr])*
        pub trait $outer<$($param)*> {
            $(#[$proof_attr])*
            type Proof;
        }
        #[diagnostic::do_not_recommend]
        impl<X: $inner<$($arg)*> $(+ $bound)?, $($param)*> $outer<$($arg)*> for X {
            type Proof = <X as $inner<$($arg)*>>::Proof;
        }
        #[$message]
        $(#[$inner_attr])*
        pub trait $inner<$($param)*> {
            $(#[$proof_attr])*
            type Proof;
        }
        $(#[$message] $also)*
    };
    (
        #[$message:meta]
        $($item:item)*
    ) => {
        $(#[$message] $item)*
    };
}
