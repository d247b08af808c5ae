#pragma once
// The perch command line: `perch serve`, `perch migrate`, `perch help`.
namespace perch::app {
int main(int argc, char** argv);
}  // namespace perch::app
