//! shapecast (work in progress)
#![no_std]
#![forbid(unsafe_code)]
extern crate self as shapecast;
pub mod dynamic;
mod kernel;
