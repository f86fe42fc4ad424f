<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="kursk-terrain" tilewidth="64" tileheight="56" tilecount="4" columns="4">
 <image source="kursk-terrain.png" width="256" height="56" />
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" value="clear" />
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" value="forest" />
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="terrain" value="rough" />
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="terrain" value="marsh" />
  </properties>
 </tile>
</tileset>
