#!/bin/sh
# A well-behaved agent: the first legal move, always. Usage: good.sh [DIR]
. "${0%/*}/protocol.sh"
serve
