// Command hull learns topic models with fast, provable, geometric
// algorithms. Run "hull help" for the commands.
//
// The command only parses flags and wires hull's packages together: corpus
// and text read the input, a learner (anchor, ...) fits the model, model
// saves it. Complexity is that of the packages it calls.
package main
