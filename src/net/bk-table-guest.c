/* placeholder until the guest is written */
#define G_LOG_DOMAIN "bk-net"
#include "config.h"
