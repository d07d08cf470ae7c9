/**
 * RDMA driver plugins: what RDMAProxy knows about one kernel RDMA driver beyond the core uverbs
 * schema. {@link dev.sluice.rdmaproxy.driver.RdmaDriverPlugin} is the SPI; {@link
 * dev.sluice.rdmaproxy.driver.Mlx5Plugin} (ConnectX), {@link dev.sluice.rdmaproxy.driver.EfaPlugin}
 * (AWS EFA) and {@link dev.sluice.rdmaproxy.driver.RxePlugin} (Soft-RoCE) implement it; {@link
 * dev.sluice.rdmaproxy.driver.DriverPlugins} picks one by the host driver name from sysfs. {@link
 * dev.sluice.rdmaproxy.driver.GenericPlugin} (core verbs only, no driver data) serves a driver
 * without a plugin, or any driver, only where a sandbox chose it explicitly ({@link
 * dev.sluice.rdmaproxy.driver.PluginChoice}). docs/rdma-drivers.md describes the policies.
 */
package dev.sluice.rdmaproxy.driver;
