<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="kasserine-terrain" tilewidth="64" tileheight="56" tilecount="4" columns="4">
 <image source="kasserine-terrain.png" width="256" height="56" />
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" value="plain" />
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" value="high_ground" />
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="terrain" value="rugged_crest" />
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="terrain" value="river" />
  </properties>
 </tile>
</tileset>
