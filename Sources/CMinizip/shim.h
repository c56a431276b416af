#include <minizip/zip.h>
#include <minizip/unzip.h>
#include <zlib.h>
