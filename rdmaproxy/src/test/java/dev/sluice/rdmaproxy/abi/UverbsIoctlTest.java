package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.AbiClasses.IntConstant;
import dev.sluice.sentry.nativeio.Ioctl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class UverbsIoctlTest {

    @Test
    void verbsIoctlIsIowrOfTheHeader() {
        assertEquals(
                Ioctl.iowr(UverbsIoctl.RDMA_IOCTL_MAGIC, 1, UverbsIoctl.IoctlHdr.SIZE),
                UverbsIoctl.RDMA_VERBS_IOCTL,
                "RDMA_VERBS_IOCTL is _IOWR(0x1b, 1, struct ib_uverbs_ioctl_hdr)");
        assertEquals(0xc0181b01, UverbsIoctl.RDMA_VERBS_IOCTL, "RDMA_VERBS_IOCTL on x86_64");
        assertEquals(
                Ioctl.READ | Ioctl.WRITE,
                Ioctl.dir(UverbsIoctl.RDMA_VERBS_IOCTL),
                "read-write request");
    }

    @Test
    void umadSharesTypeAndNrSoOnlyTheWholeNumberIdentifiesVerbs() {
        assertEquals(
                Ioctl.typeNr(UverbsIoctl.RDMA_VERBS_IOCTL),
                Ioctl.typeNr(UverbsIoctl.IB_USER_MAD_REGISTER_AGENT),
                "umad's REGISTER_AGENT has the same type and nr as RDMA_VERBS_IOCTL");
        assertNotEquals(
                UverbsIoctl.RDMA_VERBS_IOCTL,
                UverbsIoctl.IB_USER_MAD_REGISTER_AGENT,
                "the size field tells them apart");
        assertEquals(UverbsIoctl.RDMA_IOCTL_MAGIC, UverbsIoctl.IB_IOCTL_MAGIC, "one magic");
    }

    @Test
    void headerIsFollowedByAttributes() {
        assertEquals(
                UverbsIoctl.IoctlHdr.SIZE,
                UverbsIoctl.IoctlHdr.OFF_ATTRS,
                "attrs[] starts right after the header");
        assertEquals(16, UverbsIoctl.Attr.SIZE, "one attribute is 16 bytes");
        assertEquals(8, UverbsIoctl.Attr.OFF_DATA, "data is the last 8 bytes of an attribute");
        assertEquals(
                UverbsIoctl.Attr.OFF_DATA,
                UverbsIoctl.Attr.OFF_DATA_S64,
                "data and data_s64 are one union");
        assertEquals(
                UverbsIoctl.Attr.OFF_ATTR_DATA_RESERVED,
                UverbsIoctl.Attr.OFF_ATTR_DATA_ENUM_DATA_ELEM_ID,
                "attr_data is a union of reserved and enum_data");
        assertTrue(
                UverbsSchema.INLINE_MAX == UverbsIoctl.Attr.SIZE - UverbsIoctl.Attr.OFF_DATA,
                "inline data is what fits in the data field");
    }

    @Test
    void driverNamespaceStartsAtTheFlag() {
        assertEquals(
                UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_NS << UverbsIoctl.UVERBS_ID_NS_SHIFT,
                UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_FLAG,
                "driver ids start at namespace 1");
        assertEquals(
                UverbsIoctl.UVERBS_ID_NS_MASK,
                0xf << UverbsIoctl.UVERBS_ID_NS_SHIFT,
                "the namespace is the top nibble");
        assertEquals(
                UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_FLAG,
                UverbsAttrs.UVERBS_ATTR_UHW_IN,
                "UHW_IN is the first driver id");
    }

    @Test
    void driverNamesCoverEveryDriverIdOnceWithUniqueNames() {
        Set<String> names = new HashSet<>(UverbsIoctl.DRIVER_NAMES.values());
        assertEquals(UverbsIoctl.DRIVER_NAMES.size(), names.size(), "driver names are unique");
        for (IntConstant k : AbiClasses.intConstants(UverbsIoctl.class)) {
            if (k.name().startsWith("RDMA_DRIVER_")) {
                assertTrue(
                        UverbsIoctl.DRIVER_NAMES.containsKey(k.value()), "DRIVER_NAMES names " + k);
                if (!k.name().equals("RDMA_DRIVER_I40IW")) {
                    assertEquals(
                            k.name(),
                            UverbsIoctl.DRIVER_NAMES.get(k.value()),
                            "the name of driver id " + k.value());
                }
            }
        }
        assertEquals(
                "RDMA_DRIVER_RXE",
                UverbsIoctl.DRIVER_NAMES.get(UverbsIoctl.RDMA_DRIVER_RXE),
                "rxe");
        assertEquals(
                "RDMA_DRIVER_MLX5",
                UverbsIoctl.DRIVER_NAMES.get(UverbsIoctl.RDMA_DRIVER_MLX5),
                "mlx5");
    }
}
