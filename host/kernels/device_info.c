/* What a device is, asked of it or of its names; see device_info.h. */
#include "clbench/device_info.h"

#include "clbench/parse.h"

#include <stdio.h>
#include <string.h>

int cb_device_is_simulator(const struct cb_device *d)
{
    return cb_contains_nocase(d->platform_name, "oclgrind");
}

int cb_device_pci_address(const struct cb_device *d, int reading, char *buf, size_t len)
{
    enum { PCI_BUS_ID_NV = 0x4008, PCI_SLOT_ID_NV = 0x4009, PCI_DOMAIN_ID_NV = 0x400A };
    cl_uint bus = 0, slot = 0, domain = 0;

    /* Asked of every driver: one without the query answers CL_INVALID_VALUE. */
    if (clGetDeviceInfo(d->id, PCI_BUS_ID_NV, sizeof bus, &bus, NULL) != CL_SUCCESS ||
        clGetDeviceInfo(d->id, PCI_SLOT_ID_NV, sizeof slot, &slot, NULL) != CL_SUCCESS)
        return -1;
    if (clGetDeviceInfo(d->id, PCI_DOMAIN_ID_NV, sizeof domain, &domain, NULL) != CL_SUCCESS)
        domain = 0; /* drivers before the domain query: single-domain machines */
    /* NVIDIA's driver answers the PCI device number as the slot id (results/README.md, "Device
     * state and energy on the H100"); the second reading takes it as device and function
     * packed, as some tools read it. */
    if (reading == 0)
        snprintf(buf, len, "%04x:%02x:%02x.0", domain, bus, slot);
    else
        snprintf(buf, len, "%04x:%02x:%02x.%x", domain, bus, slot >> 3, slot & 7);
    return 0;
}
