#include "app/app.hpp"

int main(int argc, char** argv) {
    return perch::app::main(argc, argv);
}
