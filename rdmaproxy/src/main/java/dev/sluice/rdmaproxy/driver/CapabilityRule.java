package dev.sluice.rdmaproxy.driver;

import java.util.OptionalLong;

/**
 * A flag of driver data that the driver may act on only on a device that has a capability: the
 * request is refused unless the device reported the capability ({@link DeviceCaps}), and refused
 * too while it has reported nothing (fail closed). Part of a {@link UdataRule}.
 *
 * @param off the flag field's offset in the driver data
 * @param width the flag field's width in bytes
 * @param flag the flag bit
 * @param flagName its C name
 * @param cap the capability bit the device must report
 * @param capName its C name
 * @param why what goes wrong on a device without it, citing the source
 */
public record CapabilityRule(
        int off, int width, long flag, String flagName, long cap, String capName, String why) {

    /** Null when acceptable, else the reason. */
    public String check(Udata data, DeviceCaps caps) {
        if ((data.field(off, width) & flag) == 0) {
            return null;
        }
        OptionalLong bits = caps.bits();
        if (bits.isPresent() && (bits.getAsLong() & cap) != 0) {
            return null;
        }
        String state =
                bits.isPresent()
                        ? "which the device does not report (its capabilities are 0x"
                                + Long.toHexString(bits.getAsLong())
                                + ", "
                                + caps.source()
                                + ")"
                        : "and the device has reported no capabilities yet (" + caps.source() + ")";
        return flagName + " needs the device capability " + capName + ", " + state + ": " + why;
    }
}
